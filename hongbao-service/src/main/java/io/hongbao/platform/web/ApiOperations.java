package io.hongbao.platform.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What every {@code /api/**} operation shares, added to the generated document so that a new endpoint, annotated
 * controller or functional route, gets it without repeating it:
 *
 * <ul>
 *   <li>outside {@code /api/**}, an empty security requirement: no token, and the same error body;
 *   <li>the bearer token, and the answers the platform gives on any operation: 401 (security), 403 on
 *       {@code /api/v1/admin/**}, 500 and 503 ({@link ApiExceptionHandler});
 *   <li>400, 414 and 431 on every operation, the refusals of a malformed or oversized request that come before any
 *       route, and the contract's error body for them outside {@code /api/**} too;
 *   <li>400, 413 and 415 for an operation with a JSON body, 400 for one with query parameters, 400 and 422 for one that
 *       takes an {@code Idempotency-Key}; that header and {@code limit} ({@link Paging}) are documented once, as shared
 *       parameters;
 *   <li>the error body, with examples, on every error answer, the ones an operation declares included (springdoc would
 *       give them the handler's return type), so an annotation only says
 *       {@code @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such packet")}.
 * </ul>
 */
final class ApiOperations {

    static final String BEARER = "bearer";
    static final String IDEMPOTENCY_KEY = IdempotencyKeyHeader.NAME;
    static final String LIMIT = "limit";

    private static final String API_PATHS = "/api/";
    private static final String ADMIN_PATHS = "/api/v1/admin/";
    private static final String JSON = "application/json";

    private ApiOperations() {}

    static void document(OpenAPI api) {
        Components components = api.getComponents();
        components.addSecuritySchemes(BEARER, bearerScheme());
        components.addSchemas(ErrorAnswers.SCHEMA, ErrorAnswers.schema());
        components.addParameters(IDEMPOTENCY_KEY, idempotencyKey());
        components.addParameters(LIMIT, limit());
        api.getPaths().forEach((path, item) -> {
            if (path.startsWith(API_PATHS)) {
                item.readOperations().forEach(operation -> document(path, operation));
            } else {
                // Everything outside /api needs no token (the demo sign-in, the web app): said, not left to the reader.
                // Its refusals have the one error body too.
                item.readOperations().forEach(operation -> {
                    operation.setSecurity(List.of());
                    if (operation.getResponses() != null) {
                        errorBodies(operation.getResponses());
                    }
                });
            }
        });
    }

    private static void document(String path, Operation operation) {
        if (operation.getSecurity() == null) {
            operation.addSecurityItem(new SecurityRequirement().addList(BEARER));
        }
        boolean idempotent = false;
        boolean query = false;
        if (operation.getParameters() != null) {
            List<Parameter> parameters = new ArrayList<>();
            for (Parameter parameter : operation.getParameters()) {
                if (isParameter(parameter, "header", IDEMPOTENCY_KEY)) {
                    idempotent = true;
                    parameters.add(new Parameter().$ref("#/components/parameters/" + IDEMPOTENCY_KEY));
                } else if (isParameter(parameter, "query", LIMIT)) {
                    query = true;
                    parameters.add(new Parameter().$ref("#/components/parameters/" + LIMIT));
                } else {
                    query |= "query".equals(parameter.getIn());
                    parameters.add(parameter);
                }
            }
            operation.setParameters(parameters);
        }
        boolean body = operation.getRequestBody() != null;
        ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
        if (body || query || idempotent) {
            responses.putIfAbsent(
                    "400",
                    error("VALIDATION_FAILED: malformed JSON, a missing or out-of-range field, a wrong type, a bad"
                            + " parameter, or a malformed path or header"));
        }
        responses.putIfAbsent("401", error("UNAUTHENTICATED: no token, a bad signature, or an expired token"));
        if (path.startsWith(ADMIN_PATHS)) {
            responses.putIfAbsent("403", error("FORBIDDEN: this needs the admin role"));
        }
        if (body) {
            responses.putIfAbsent(
                    "413", error("VALIDATION_FAILED: the request body is larger than the service reads (256 KB)"));
            responses.putIfAbsent("415", error("UNSUPPORTED_MEDIA_TYPE: the body is not application/json in UTF-8"));
        }
        if (idempotent) {
            responses.putIfAbsent(
                    "422", error("IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used for a different request"));
        }
        responses.putIfAbsent("500", error("INTERNAL: an unexpected failure"));
        responses.putIfAbsent(
                "503", error("UNAVAILABLE: a backing store is down; the outcome is unknown (see the message)"));
        errorBodies(responses);
        ApiResponses sorted = new ApiResponses();
        new TreeMap<>(responses).forEach(sorted::addApiResponse);
        sorted.setExtensions(responses.getExtensions());
        operation.setResponses(sorted);
    }

    /**
     * What any operation can be answered before its route sees the request, for the request's form: the request
     * firewall's and {@code RawRequestTargets}' 400, {@code OversizedRequests}' 414 and 431. Run after every other pass
     * that makes operations (the actuator's), with their bodies: an operation's own 400 keeps its description.
     */
    static void declareFormRefusals(OpenAPI api) {
        api.getPaths()
                .values()
                .forEach(item -> item.readOperations().forEach(operation -> {
                    ApiResponses responses =
                            operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
                    formRefusal(
                            responses,
                            "400",
                            "VALIDATION_FAILED: a malformed path or header (bytes outside printable ASCII, an encoded `/`, a"
                                    + " `;` or a `..`)");
                    formRefusal(
                            responses,
                            "414",
                            "VALIDATION_FAILED: the path and query are longer than " + RequestSizes.MAX_TARGET_BYTES
                                    + " bytes");
                    formRefusal(
                            responses,
                            "431",
                            "VALIDATION_FAILED: the headers are larger than " + RequestSizes.MAX_HEADER_BYTES
                                    + " bytes together");
                    ApiResponses sorted = new ApiResponses();
                    new TreeMap<>(responses).forEach(sorted::addApiResponse);
                    sorted.setExtensions(responses.getExtensions());
                    operation.setResponses(sorted);
                }));
    }

    private static void formRefusal(ApiResponses responses, String status, String description) {
        if (!responses.containsKey(status)) {
            responses.addApiResponse(
                    status,
                    error(description)
                            .content(new Content().addMediaType(JSON, ErrorAnswers.body(status, description))));
        }
    }

    /** The error body, with examples for the codes the description names, on every error answer. */
    private static void errorBodies(ApiResponses responses) {
        responses.forEach((status, response) -> {
            if (isError(status) && response.get$ref() == null) {
                response.setContent(
                        new Content().addMediaType(JSON, ErrorAnswers.body(status, response.getDescription())));
            }
        });
    }

    private static boolean isParameter(Parameter parameter, String in, String name) {
        return in.equals(parameter.getIn()) && name.equalsIgnoreCase(parameter.getName());
    }

    private static ApiResponse error(String description) {
        return new ApiResponse().description(description);
    }

    private static boolean isError(String status) {
        return status.length() == 3 && (status.charAt(0) == '4' || status.charAt(0) == '5');
    }

    private static SecurityScheme bearerScheme() {
        return new SecurityScheme()
                .type(SecurityScheme.Type.HTTP)
                .scheme("bearer")
                .bearerFormat("JWT")
                .description("An HS256 JWT signed with the service's secret: `sub` = the user id in decimal, `exp`"
                        + " required, `roles: [\"admin\"]` for `/api/v1/admin/**`. `java -jar hongbao-exec.jar token"
                        + " --user 7 [--admin]` prints one.");
    }

    private static Parameter idempotencyKey() {
        return new Parameter()
                .in("header")
                .name(IDEMPOTENCY_KEY)
                .required(false)
                .description("Makes the call safe to repeat: a repeat by the same user with the same key and body"
                        + " returns the first answer and changes nothing more; the same key with another body is"
                        + " 422 IDEMPOTENCY_KEY_REUSED. Only a success spends a key.")
                .schema(new StringSchema()
                        .minLength(1)
                        .maxLength(IdempotencyKeyHeader.MAX_LENGTH)
                        .example("new-year-1"));
    }

    private static Parameter limit() {
        IntegerSchema limit = new IntegerSchema();
        limit.minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(Paging.MAX_LIMIT));
        limit.setDefault(Paging.DEFAULT_LIMIT);
        return new Parameter()
                .in("query")
                .name(LIMIT)
                .required(false)
                .description("how many items at most, newest first")
                .schema(limit);
    }
}
