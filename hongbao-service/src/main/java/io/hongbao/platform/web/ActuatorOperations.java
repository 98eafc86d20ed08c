package io.hongbao.platform.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MapSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.tags.Tag;
import java.util.List;

/**
 * The Actuator endpoints the contract lists, which springdoc leaves out: {@code /actuator/health}, its probes
 * ({@code readiness}, {@code liveness}) and the {@code storage} group, and {@code /actuator/prometheus}, all without a
 * token and never rate-limited.
 */
final class ActuatorOperations {

    static final String TAG = "Operations";

    private ActuatorOperations() {}

    static void document(OpenAPI api) {
        if (api.getTags() == null || api.getTags().stream().noneMatch(t -> TAG.equals(t.getName()))) {
            api.addTagsItem(new Tag().name(TAG).description("Health, metrics and the audit"));
        }
        Schema<?> health = new ObjectSchema()
                .description("The service's health, without details")
                .addProperty(
                        "status",
                        new StringSchema()
                                ._enum(List.of("UP", "DOWN", "OUT_OF_SERVICE", "UNKNOWN"))
                                .example("UP"))
                .addProperty(
                        "groups",
                        new ArraySchema()
                                .items(new StringSchema())
                                .description("the health groups one can ask for under /actuator/health/")
                                .example(List.of("liveness", "readiness")))
                .addProperty(
                        "components",
                        new MapSchema()
                                .additionalProperties(new ObjectSchema()
                                        .addProperty("status", new StringSchema().example("UP"))
                                        .required(List.of("status")))
                                .description("readiness only: the components that decide it, each with its status"))
                .required(List.of("status"));
        // Actuator answers its own media type unless the client asks for application/json.
        Content healthBody = new Content()
                .addMediaType("application/json", new MediaType().schema(health))
                .addMediaType("application/vnd.spring-boot.actuator.v3+json", new MediaType().schema(health));
        api.getPaths()
                .addPathItem(
                        "/actuator/health",
                        new PathItem()
                                .get(operation("health", "Whether the service can serve")
                                        .description("UP once Redis and the database answer.")
                                        .responses(new ApiResponses()
                                                .addApiResponse(
                                                        "200",
                                                        new ApiResponse()
                                                                .description("the service is up")
                                                                .content(healthBody))
                                                .addApiResponse(
                                                        "503",
                                                        new ApiResponse()
                                                                .description("a backing store does not answer")
                                                                .content(healthBody)))));
        probe(
                api,
                healthBody,
                "readiness",
                "Whether a balancer should send this instance grabs",
                "Redis answers this instance, the grab path is warm and it is not shutting down; the databases are not"
                        + " part of it.");
        probe(api, healthBody, "liveness", "Whether the process runs", "Nothing external: for a restart policy.");
        probe(api, healthBody, "storage", "Whether every database shard answers", "Also part of /actuator/health.");
        Schema<?> metrics = new StringSchema().example("hongbao_grab_requests_seconds_count{outcome=\"GRABBED\"} 42");
        api.getPaths()
                .addPathItem(
                        "/actuator/prometheus",
                        new PathItem()
                                .get(operation("prometheus", "Metrics in the Prometheus text format")
                                        .description("Grabs are timed by outcome as `hongbao_grab_requests`, not in"
                                                + " `http_server_requests`.")
                                        .responses(new ApiResponses()
                                                .addApiResponse(
                                                        "200",
                                                        new ApiResponse()
                                                                // Only the text format: a generated client sends
                                                                // every declared type in Accept and then refused the
                                                                // OpenMetrics answer it got. Prometheus itself asks
                                                                // for OpenMetrics and gets it; it reads no document.
                                                                .description("the metrics, in the Prometheus text"
                                                                        + " format (OpenMetrics when Accept asks for"
                                                                        + " application/openmetrics-text)")
                                                                .content(new Content()
                                                                        .addMediaType(
                                                                                "text/plain",
                                                                                new MediaType().schema(metrics)))))));
    }

    private static void probe(OpenAPI api, Content body, String group, String summary, String description) {
        api.getPaths()
                .addPathItem(
                        "/actuator/health/" + group,
                        new PathItem()
                                .get(operation(group, summary)
                                        .description(description)
                                        .responses(new ApiResponses()
                                                .addApiResponse(
                                                        "200",
                                                        new ApiResponse()
                                                                .description("UP")
                                                                .content(body))
                                                .addApiResponse(
                                                        "503",
                                                        new ApiResponse()
                                                                .description("DOWN or OUT_OF_SERVICE")
                                                                .content(body)))));
    }

    private static Operation operation(String id, String summary) {
        return new Operation().operationId(id).summary(summary).addTagsItem(TAG).security(List.of());
    }
}
