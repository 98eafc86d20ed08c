package io.hongbao.bench.http.targets;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Plain JSON calls for setting a target up and checking it afterwards: nothing here is measured. */
public final class SetupApi {

    /** How many set-up calls are in flight at once: enough to overlap round trips, few enough not to thrash. */
    static final int PARALLEL = 4;

    private static final JsonMapper JSON = JsonMapper.shared();

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;

    public SetupApi(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public JsonNode post(String path, String bearer, String json) throws IOException, InterruptedException {
        return send(request(path, bearer)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    public JsonNode get(String path, String bearer) throws IOException, InterruptedException {
        return send(request(path, bearer).GET().build());
    }

    /** A GET that may take long (the audit reads every packet, so it grows with the database). */
    public JsonNode get(String path, String bearer, Duration timeout) throws IOException, InterruptedException {
        return send(request(path, bearer).timeout(timeout).GET().build());
    }

    /** Runs {@code count} posts, {@link #PARALLEL} at a time, and answers their bodies in order. */
    public List<JsonNode> postMany(int count, String path, Supplier<String> bearer, Supplier<String> json)
            throws InterruptedException {
        return postMany(count, () -> path, bearer, json);
    }

    /** The same, each post to the path {@code path} gives next (one per user, say). */
    public List<JsonNode> postMany(int count, Supplier<String> path, Supplier<String> bearer, Supplier<String> json)
            throws InterruptedException {
        Semaphore inFlight = new Semaphore(PARALLEL);
        List<CompletableFuture<JsonNode>> answers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            inFlight.acquire();
            HttpRequest request = request(path.get(), bearer.get())
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", UUID.randomUUID().toString())
                    .POST(HttpRequest.BodyPublishers.ofString(json.get()))
                    .build();
            answers.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, failure) -> inFlight.release())
                    .thenApply(response -> parse(request, response)));
        }
        List<JsonNode> bodies = new ArrayList<>(count);
        for (CompletableFuture<JsonNode> answer : answers) {
            bodies.add(answer.join());
        }
        return bodies;
    }

    private HttpRequest.Builder request(String path, String bearer) {
        HttpRequest.Builder builder =
                HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60));
        return bearer == null ? builder : builder.header("Authorization", "Bearer " + bearer);
    }

    private JsonNode send(HttpRequest request) throws IOException, InterruptedException {
        return parse(request, http.send(request, HttpResponse.BodyHandlers.ofString()));
    }

    private static JsonNode parse(HttpRequest request, HttpResponse<String> response) {
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " answered "
                    + response.statusCode() + " " + response.body());
        }
        return JSON.readTree(response.body());
    }
}
