package io.hongbao.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;

/**
 * Plain HTTP calls against a {@link ServiceProcess}, signed with the secret it keeps in its data folder; each answer
 * is checked against the process's OpenAPI document ({@link ApiContract}).
 */
public final class ProcessApi {

    /** A created packet's or wheel's id in the answer to its {@code POST}. */
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-z-]+)\"");

    private final HttpClient client = HttpClient.newHttpClient();
    private final String baseUrl;
    private final TokenIssuer tokens;
    private ApiContract contract;

    public ProcessApi(ServiceProcess service, Path dataDir) {
        this(service, JwtSecret.configuredOrKeptIn(null, dataDir));
    }

    public ProcessApi(ServiceProcess service, JwtSecret secret) {
        this.baseUrl = service.baseUrl();
        this.tokens = new TokenIssuer(secret);
    }

    public HttpResponse<String> post(long asUser, boolean admin, String path, String json)
            throws IOException, InterruptedException {
        return post(asUser, admin, path, json, Map.of());
    }

    /** The same, with more headers (an {@code Idempotency-Key}). */
    public HttpResponse<String> post(long asUser, boolean admin, String path, String json, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Authorization", "Bearer " + tokens.issue(asUser, admin, Duration.ofHours(1)))
                .header("Content-Type", "application/json")
                .POST(json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(request::header);
        return checked(request.build(), json);
    }

    /** Sends a red packet as {@code sender} and returns its id; the test fails unless the answer is 201. */
    public String sendPacket(long sender, String body) throws IOException, InterruptedException {
        return createdId(sender, false, "/api/v1/packets", body);
    }

    /** Creates a wheel as the admin {@code admin} and returns its id; the test fails unless the answer is 201. */
    public String createWheel(long admin, String body) throws IOException, InterruptedException {
        return createdId(admin, true, "/api/v1/admin/wheels", body);
    }

    private String createdId(long asUser, boolean admin, String path, String body)
            throws IOException, InterruptedException {
        HttpResponse<String> response = post(asUser, admin, path, body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        Matcher id = ID.matcher(response.body());
        assertThat(id.find()).as(response.body()).isTrue();
        return id.group(1);
    }

    public HttpResponse<String> get(long asUser, boolean admin, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Authorization", "Bearer " + tokens.issue(asUser, admin, Duration.ofHours(1)))
                .build();
        return checked(request, null);
    }

    private HttpResponse<String> checked(HttpRequest request, String body) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        contract()
                .check(new ApiContract.Exchange(
                        request.method(),
                        request.uri(),
                        springHeaders(request.headers()),
                        body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8),
                        response.statusCode(),
                        springHeaders(response.headers()),
                        response.body().getBytes(StandardCharsets.UTF_8)));
        return response;
    }

    private synchronized ApiContract contract() throws IOException, InterruptedException {
        if (contract == null) {
            HttpResponse<String> document = client.send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/v3/api-docs")).build(),
                    HttpResponse.BodyHandlers.ofString());
            contract = new ApiContract(document.body());
        }
        return contract;
    }

    private static HttpHeaders springHeaders(java.net.http.HttpHeaders headers) {
        HttpHeaders spring = new HttpHeaders();
        headers.map().forEach(spring::addAll);
        return spring;
    }
}
