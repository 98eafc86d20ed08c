package io.hongbao.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/** The check the integration tests rely on fails on every kind of mismatch, so it cannot pass silently. */
class ApiContractTest {

    private static final String DOCUMENT = """
            {"openapi": "3.0.1", "info": {"title": "t", "version": "1"},
             "paths": {
              "/api/v1/accounts/{id}": {
               "get": {"operationId": "account", "parameters": [
                  {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                "responses": {
                 "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Account"}}}},
                 "404": {"description": "NOT_FOUND", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}},
               "post": {"operationId": "deposit", "parameters": [
                  {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                  "type": "object", "required": ["amount"], "properties": {"amount": {"type": "integer", "minimum": 1}}}}}},
                "responses": {
                 "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Account"}}}},
                 "400": {"description": "VALIDATION_FAILED", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}}},
             "components": {"schemas": {
              "Account": {"type": "object", "required": ["userId", "balance", "packetId"], "properties": {
                "userId": {"type": "integer", "format": "int64"}, "balance": {"type": "integer", "format": "int64"},
                "packetId": {"type": "string", "nullable": true}}},
              "Error": {"type": "object", "required": ["code", "message"], "properties": {
                "code": {"type": "string", "enum": ["VALIDATION_FAILED", "NOT_FOUND"]}, "message": {"type": "string"}}}}}}
            """;

    private static final String ACCOUNT = "{\"userId\": 7, \"balance\": 500, \"packetId\": null}";

    private final ApiContract contract = new ApiContract(DOCUMENT);

    @Test
    void aDeclaredAnswerWithTheDeclaredBodyPasses() {
        assertThatCode(() -> contract.check(get("/api/v1/accounts/7", 200, ACCOUNT)))
                .doesNotThrowAnyException();
        assertThatCode(() -> contract.check(
                        get("/api/v1/accounts/7", 404, "{\"code\": \"NOT_FOUND\", \"message\": \"no such account\"}")))
                .doesNotThrowAnyException();
    }

    @Test
    void aStatusTheOperationDoesNotDeclareFails() {
        assertThatThrownBy(() -> contract.check(
                        get("/api/v1/accounts/7", 403, "{\"code\": \"FORBIDDEN\", \"message\": \"no\"}")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("validation.response.status.unknown");
    }

    @Test
    void aBodyThatDoesNotMatchTheSchemaFails() {
        assertThatThrownBy(() -> contract.check(get("/api/v1/accounts/7", 200, "{\"userId\": 7, \"balance\": 500}")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("packetId");
        assertThatThrownBy(() -> contract.check(
                        get("/api/v1/accounts/7", 200, "{\"userId\": 7, \"balance\": \"5.00\", \"packetId\": null}")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("balance");
        assertThatThrownBy(() -> contract.check(
                        get("/api/v1/accounts/7", 404, "{\"code\": \"GONE\", \"message\": \"no such account\"}")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("code");
    }

    @Test
    void aPropertyTheSchemaDoesNotListFails() {
        assertThatThrownBy(() -> contract.check(get(
                        "/api/v1/accounts/7",
                        200,
                        "{\"userId\": 7, \"balance\": 500, \"packetId\": null, \"points\": 3}")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("points");
    }

    @Test
    void anAnswerOnAPathOrMethodOutsideTheDocumentPassesOnlyAsA404OrA405() {
        String error = "{\"code\": \"NOT_FOUND\", \"message\": \"no such resource\"}";
        assertThatCode(() -> contract.check(get("/api/v1/nothing", 404, error))).doesNotThrowAnyException();
        assertThatCode(() -> contract.check(exchange("DELETE", "/api/v1/accounts/7", "", 405, error)))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> contract.check(get("/api/v1/nothing", 200, ACCOUNT)))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> contract.check(exchange("DELETE", "/api/v1/accounts/7", "", 200, ACCOUNT)))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void anAcceptedRequestMustMatchTheDocumentButARefusedOneNeedNot() {
        String refused = "{\"code\": \"VALIDATION_FAILED\", \"message\": \"amount must be 1..\"}";
        assertThatCode(() -> contract.check(exchange("POST", "/api/v1/accounts/7", "{\"amount\": 0}", 400, refused)))
                .doesNotThrowAnyException();
        assertThatThrownBy(
                        () -> contract.check(exchange("POST", "/api/v1/accounts/7", "{\"amount\": 0}", 200, ACCOUNT)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("accepted request");
    }

    @Test
    void theClientFilterChecksWhatTheClientReceivesAndHandsTheBodyOnUnchanged() {
        WebTestClient client = WebTestClient.bindToRouterFunction(RouterFunctions.route(
                                RequestPredicates.GET("/api/v1/accounts/7"),
                                request -> ServerResponse.ok()
                                        .contentType(MediaType.APPLICATION_JSON)
                                        .bodyValue(ACCOUNT))
                        .andRoute(
                                RequestPredicates.GET("/api/v1/accounts/8"),
                                request -> ServerResponse.ok()
                                        .contentType(MediaType.APPLICATION_JSON)
                                        .bodyValue("{\"userId\": 8}"))
                        .andRoute(
                                RequestPredicates.POST("/api/v1/accounts/7"),
                                request -> request.bodyToMono(String.class)
                                        .flatMap(body -> ServerResponse.ok()
                                                .contentType(MediaType.APPLICATION_JSON)
                                                .bodyValue(ACCOUNT))))
                .build()
                .mutate()
                .filter(contract.filter())
                .build();
        long before = ApiContract.checkedAnswers();

        client.get()
                .uri("/api/v1/accounts/7")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .json(ACCOUNT);
        assertThatThrownBy(() -> client.get().uri("/api/v1/accounts/8").exchange())
                .hasMessageContaining("does not match the OpenAPI document");
        client.post()
                .uri("/api/v1/accounts/7")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"amount\": 5}")
                .exchange()
                .expectStatus()
                .isOk();
        assertThatThrownBy(() -> client.post()
                        .uri("/api/v1/accounts/7")
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue("{\"amount\": \"5\"}")
                        .exchange())
                .hasMessageContaining("accepted request");

        assertThat(ApiContract.checkedAnswers()).isGreaterThanOrEqualTo(before + 4);
    }

    private static ApiContract.Exchange get(String path, int status, String body) {
        return exchange("GET", path, "", status, body);
    }

    private static ApiContract.Exchange exchange(
            String method, String path, String requestBody, int status, String responseBody) {
        HttpHeaders requestHeaders = new HttpHeaders();
        if (!requestBody.isEmpty()) {
            requestHeaders.setContentType(MediaType.APPLICATION_JSON);
        }
        HttpHeaders responseHeaders = new HttpHeaders();
        responseHeaders.setContentType(MediaType.APPLICATION_JSON);
        return new ApiContract.Exchange(
                method,
                URI.create("http://localhost" + path),
                requestHeaders,
                requestBody.getBytes(StandardCharsets.UTF_8),
                status,
                responseHeaders,
                responseBody.getBytes(StandardCharsets.UTF_8));
    }
}
