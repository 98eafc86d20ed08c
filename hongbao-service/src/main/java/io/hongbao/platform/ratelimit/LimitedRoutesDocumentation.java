package io.hongbao.platform.ratelimit;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Declares {@code 429 RATE_LIMITED} with {@code Retry-After} on every operation a feature limits per user, from the
 * same declarations the filter enforces: a generated client learns that a grab, a send or a draw may be asked to wait,
 * and for how long. Runs before the shared documentation pass, which gives the answer its error body.
 */
final class LimitedRoutesDocumentation implements OpenApiCustomizer {

    static final String DESCRIPTION =
            "RATE_LIMITED: over this caller's limit for this call; Retry-After says in how many seconds to retry";

    private final List<LimitedRoutes.Route> routes;

    LimitedRoutesDocumentation(List<LimitedRoutes> declared) {
        this.routes = declared.stream()
                .flatMap(routesOfOne -> routesOfOne.routes().stream())
                .toList();
    }

    @Override
    public void customise(OpenAPI api) {
        if (api.getPaths() == null) {
            return;
        }
        api.getPaths().forEach((path, item) -> {
            for (Map.Entry<PathItem.HttpMethod, Operation> operation :
                    item.readOperationsMap().entrySet()) {
                if (limited(operation.getKey(), path)) {
                    ApiResponses responses = operation.getValue().getResponses();
                    if (responses == null) {
                        responses = new ApiResponses();
                        operation.getValue().setResponses(responses);
                    }
                    responses.putIfAbsent("429", rateLimited());
                }
            }
        });
    }

    private boolean limited(PathItem.HttpMethod method, String documentedPath) {
        // The document's path keeps its templates ("/api/v1/packets/{id}/grab"): each is one segment, which the
        // declared pattern's own template or literal segments match as they would a real id.
        PathContainer path = PathContainer.parsePath(documentedPath);
        for (LimitedRoutes.Route route : routes) {
            PathPattern pattern = PathPatternParser.defaultInstance.parse(route.path());
            if (route.method().name().equals(method.name()) && pattern.matches(path)) {
                return true;
            }
        }
        return false;
    }

    private static ApiResponse rateLimited() {
        return new ApiResponse()
                .description(DESCRIPTION)
                .addHeaderObject(
                        "Retry-After",
                        new Header()
                                .description("whole seconds until this caller may make the call again")
                                .schema(new IntegerSchema().minimum(java.math.BigDecimal.ONE)));
    }
}
