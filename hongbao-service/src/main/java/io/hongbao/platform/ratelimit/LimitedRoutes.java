package io.hongbao.platform.ratelimit;

import java.util.List;
import java.util.Objects;
import org.springframework.http.HttpMethod;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Routes of a feature that carry a per-user limit (ADR 0063): each feature declares its own as a bean, naming its own
 * route constants, and the platform puts one web filter in front of all of them. How many calls a limit allows is
 * configuration, {@code hongbao.rate-limits.per-user.<limit>.{per-second, burst, enabled}}; a declared limit without
 * it, or a configured one no route declares, refuses the start.
 */
public record LimitedRoutes(List<Route> routes) {

    public LimitedRoutes {
        routes = List.copyOf(routes);
        if (routes.isEmpty()) {
            throw new IllegalArgumentException("a declaration of limited routes names at least one route");
        }
    }

    public static LimitedRoutes of(Route... routes) {
        return new LimitedRoutes(List.of(routes));
    }

    /**
     * Calls of {@code method} on paths matching {@code path} (a Spring path pattern), counted per verified user in
     * the limit {@code limit}.
     */
    public record Route(HttpMethod method, String path, String limit) {

        public Route {
            Objects.requireNonNull(method, "method");
            if (path == null || !path.startsWith("/")) {
                throw new IllegalArgumentException("a limited route's path is a pattern from the root, not " + path);
            }
            PathPatternParser.defaultInstance.parse(path); // refuses a malformed pattern now, not on the first call
            if (limit == null || !limit.matches("[a-z][a-z0-9-]*")) {
                throw new IllegalArgumentException(
                        "a limit's name is lower case, digits and dashes (it is a settings key), not " + limit);
            }
        }

        public static Route post(String path, String limit) {
            return new Route(HttpMethod.POST, path, limit);
        }
    }
}
