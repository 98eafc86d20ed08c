package io.hongbao.platform.ratelimit;

import java.util.List;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * The routes that carry a per-user limit, each with its bucket, matched by method and path pattern, first match wins:
 * what the features declared ({@link LimitedRoutes}) with the numbers the settings give each limit.
 */
final class RouteLimits {

    private final List<Route> routes;

    RouteLimits(List<Route> routes) {
        this.routes = List.copyOf(routes);
    }

    /** One limited route: {@code method} on paths matching {@code pattern}, counted in {@code bucket} per user. */
    record Route(HttpMethod method, PathPattern pattern, Bucket bucket) {

        static Route of(HttpMethod method, String pattern, Bucket bucket) {
            return new Route(method, PathPatternParser.defaultInstance.parse(pattern), bucket);
        }
    }

    /** The bucket of the first route matching the request, or null when the request has no per-user limit. */
    Bucket match(ServerHttpRequest request) {
        HttpMethod method = request.getMethod();
        PathContainer path = null;
        for (Route route : routes) {
            if (route.method().equals(method)) {
                if (path == null) {
                    path = request.getPath().pathWithinApplication();
                }
                if (route.pattern().matches(path)) {
                    return route.bucket();
                }
            }
        }
        return null;
    }
}
