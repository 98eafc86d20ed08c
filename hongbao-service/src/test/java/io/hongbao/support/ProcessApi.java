package io.hongbao.support;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/** Plain HTTP calls against a {@link ServiceProcess}, signed with the secret it keeps in its data folder. */
public final class ProcessApi {

    private final HttpClient client = HttpClient.newHttpClient();
    private final String baseUrl;
    private final TokenIssuer tokens;

    public ProcessApi(ServiceProcess service, Path dataDir) {
        this(service, JwtSecret.configuredOrKeptIn(null, dataDir));
    }

    public ProcessApi(ServiceProcess service, JwtSecret secret) {
        this.baseUrl = service.baseUrl();
        this.tokens = new TokenIssuer(secret);
    }

    public HttpResponse<String> post(long asUser, boolean admin, String path, String json)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Authorization", "Bearer " + tokens.issue(asUser, admin, Duration.ofHours(1)))
                .header("Content-Type", "application/json")
                .POST(json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> get(long asUser, boolean admin, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Authorization", "Bearer " + tokens.issue(asUser, admin, Duration.ofHours(1)))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
