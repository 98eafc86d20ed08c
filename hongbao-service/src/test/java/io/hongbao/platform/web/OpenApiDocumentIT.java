package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.ApiContract;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.TestStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI document as a client generator sees it. Saves it to {@code target/openapi.json}, which CI lints with
 * Redocly CLI, and requires the committed {@code docs/openapi.json} to be the same document (the generated client of
 * {@code hongbao-client} is built from that); the integration tests check every answer they receive against it
 * ({@link ApiContract}).
 */
@Tag(TestStorage.SERVER_INDEPENDENT)
class OpenApiDocumentIT extends IntegrationTest {

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");
    private static final Path COMMITTED = Path.of("..", "docs", "openapi.json");

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void theDocumentIsSavedForTheLinter() throws IOException {
        JsonNode root = apiDocument();
        Path target = Path.of("target", "openapi.json");
        Files.createDirectories(target.getParent());
        String pretty = json.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        Files.writeString(target, pretty);

        assertThat(root.path("info").path("title").asString()).isEqualTo("Hongbao API");
        assertThat(root.path("openapi").asString()).startsWith("3.0");
        // The committed copy is what integrators and the generated client (hongbao-client) build from.
        assertThat(json.readTree(Files.readString(COMMITTED)).equals(root))
                .as("docs/openapi.json is the document the service serves: after a contract change, copy"
                        + " hongbao-service/target/openapi.json there and record the change in docs/api.md")
                .isTrue();
    }

    @Test
    void everyApiOperationNeedsABearerTokenAndSaysWhatItDoes() {
        JsonNode root = apiDocument();
        assertThat(root.at("/components/securitySchemes/bearer/scheme").asString())
                .isEqualTo("bearer");
        List<String> operations = new ArrayList<>();
        root.path("paths")
                .properties()
                .forEach(path -> METHODS.forEach(method -> {
                    JsonNode operation = path.getValue().path(method);
                    if (operation.isMissingNode()) {
                        return;
                    }
                    String name = method.toUpperCase() + " " + path.getKey();
                    operations.add(name);
                    assertThat(operation.path("operationId").asString())
                            .as(name)
                            .isNotBlank();
                    assertThat(operation.path("summary").asString()).as(name).isNotBlank();
                    if (path.getKey().startsWith("/api/")) {
                        assertThat(operation.path("security").toString())
                                .as(name)
                                .isEqualTo("[{\"bearer\":[]}]");
                        assertThat(operation.path("responses").has("401"))
                                .as(name)
                                .isTrue();
                        assertThat(operation
                                        .at("/responses/401/content/application~1json/schema/$ref")
                                        .asString())
                                .as(name)
                                .isEqualTo("#/components/schemas/ErrorBody");
                    } else {
                        assertThat(operation.path("security").toString())
                                .as(name)
                                .isEqualTo("[]");
                    }
                }));
        assertThat(operations)
                .contains(
                        "POST /api/v1/packets",
                        "POST /api/v1/packets/{id}/grab",
                        "GET /actuator/health",
                        "GET /actuator/health/readiness",
                        "GET /actuator/health/liveness",
                        "GET /actuator/health/storage",
                        "GET /actuator/prometheus");
    }

    @Test
    void theErrorBodyListsEveryCode() {
        List<String> codes = new ArrayList<>();
        apiDocument()
                .at("/components/schemas/ErrorBody/properties/code/enum")
                .forEach(code -> codes.add(code.asString()));

        assertThat(codes)
                .containsExactlyElementsOf(
                        Arrays.stream(ErrorCode.values()).map(Enum::name).toList());
    }

    @Test
    void everyRateLimitedCallDeclares429WithRetryAfterAndOnlyThose() {
        JsonNode paths = apiDocument().path("paths");
        for (String path : List.of("/api/v1/packets", "/api/v1/packets/{id}/grab", "/api/v1/wheels/{id}/draw")) {
            JsonNode limited = paths.path(path).path("post").path("responses").path("429");
            assertThat(limited.path("description").asString()).as(path).startsWith("RATE_LIMITED:");
            assertThat(limited.at("/headers/Retry-After/schema/type").asString())
                    .as(path)
                    .isEqualTo("integer");
            assertThat(limited.at("/content/application~1json/schema/$ref").asString())
                    .as(path)
                    .isEqualTo("#/components/schemas/ErrorBody");
        }
        for (String unlimited : List.of("/api/v1/groups", "/api/v1/admin/accounts/{userId}/deposits")) {
            assertThat(paths.path(unlimited).path("post").path("responses").has("429"))
                    .as(unlimited)
                    .isFalse();
        }
    }

    @Test
    void everyOperationDeclaresTheRefusalsOfAMalformedOrOversizedRequestWithTheErrorBody() {
        List<String> operations = new ArrayList<>();
        apiDocument()
                .path("paths")
                .properties()
                .forEach(path -> METHODS.forEach(method -> {
                    JsonNode responses = path.getValue().path(method).path("responses");
                    if (responses.isMissingNode()) {
                        return;
                    }
                    String name = method.toUpperCase() + " " + path.getKey();
                    operations.add(name);
                    for (String status : List.of("400", "414", "431")) {
                        assertThat(responses.path(status).path("description").asString())
                                .as(name + " " + status)
                                .startsWith("VALIDATION_FAILED:");
                        assertThat(responses
                                        .path(status)
                                        .at("/content/application~1json/schema/$ref")
                                        .asString())
                                .as(name + " " + status)
                                .isEqualTo("#/components/schemas/ErrorBody");
                    }
                    assertThat(responses.path("414").path("description").asString())
                            .as(name)
                            .contains(String.valueOf(RequestSizes.MAX_TARGET_BYTES));
                    assertThat(responses.path("431").path("description").asString())
                            .as(name)
                            .contains(String.valueOf(RequestSizes.MAX_HEADER_BYTES));
                }));
        assertThat(operations).contains("GET /api/v1/me/account", "POST /demo/token", "GET /actuator/health");
    }

    @Test
    void thePrometheusScrapeIsDeclaredInOneFormatThatAGeneratedClientCanAskFor() {
        List<String> types = new ArrayList<>();
        apiDocument()
                .at("/paths/~1actuator~1prometheus/get/responses/200/content")
                .properties()
                .forEach(type -> types.add(type.getKey()));

        assertThat(types).containsExactly("text/plain");
    }

    @Test
    void everyErrorAnswerOutsideTheProbesHasTheOneErrorSchema() {
        JsonNode root = apiDocument();
        List<String> errorAnswers = new ArrayList<>();
        root.path("paths").properties().forEach(path -> {
            if (path.getKey().startsWith("/actuator/")) {
                return; // a probe's 503 is its health body, not an error body
            }
            METHODS.forEach(method -> path.getValue()
                    .path(method)
                    .path("responses")
                    .properties()
                    .forEach(response -> {
                        if (response.getKey().startsWith("4")
                                || response.getKey().startsWith("5")) {
                            String name = method.toUpperCase() + " " + path.getKey() + " " + response.getKey();
                            errorAnswers.add(name);
                            assertThat(response.getValue()
                                            .at("/content/application~1json/schema/$ref")
                                            .asString())
                                    .as(name)
                                    .isEqualTo("#/components/schemas/ErrorBody");
                        }
                    }));
        });
        assertThat(errorAnswers).contains("POST /demo/token 429", "POST /api/v1/packets/{id}/grab 404");
        assertThat(root.path("components").path("schemas").has("ApiError")).isFalse();
        assertThat(root.path("components").path("schemas").has("Error")).isFalse();
    }

    @Test
    void theMoneyMovingPostsTakeAnIdempotencyKey() {
        JsonNode root = apiDocument();
        assertThat(root.at("/components/parameters/Idempotency-Key/schema/maxLength")
                        .asInt())
                .isEqualTo(64);
        for (String path : List.of(
                "/api/v1/admin/accounts/{userId}/deposits",
                "/api/v1/admin/accounts/{userId}/points",
                "/api/v1/groups",
                "/api/v1/packets",
                "/api/v1/wheels/{id}/draw")) {
            assertThat(root.path("paths")
                            .path(path)
                            .path("post")
                            .path("parameters")
                            .toString())
                    .as(path)
                    .contains("#/components/parameters/Idempotency-Key");
            assertThat(root.path("paths")
                            .path(path)
                            .path("post")
                            .path("responses")
                            .has("422"))
                    .as(path)
                    .isTrue();
        }
    }

    @Test
    void theIntegrationTestsCheckWhatTheyReceive() {
        long before = ApiContract.checkedAnswers();

        api().account(newUser()).expectStatus().isOk();

        assertThat(ApiContract.checkedAnswers()).isGreaterThan(before);
    }
}
