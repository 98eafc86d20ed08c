package io.hongbao.bench.lottery;

import io.hongbao.platform.security.TokenIssuer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sets up a wheel and drives draws at it. A closed loop: at most {@code concurrency} draws in flight, each latency
 * measured from send to answer (no coordinated-omission correction: the loop never sends on a schedule).
 */
final class DrawLoad {

    private static final JsonMapper JSON = JsonMapper.shared();

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final String url;
    private final TokenIssuer tokens;
    private final int concurrency;
    private final String admin;
    private final AtomicLong prizes = new AtomicLong();

    DrawLoad(String url, TokenIssuer tokens, int concurrency) {
        this.url = url;
        this.tokens = tokens;
        this.concurrency = concurrency;
        this.admin = tokens.issue(1, true, Duration.ofHours(2));
    }

    String createWheel(int stock) throws Exception {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String body = "{\"name\": \"bench\", \"drawCost\": 10, \"consolation\": {\"name\": \"2 back\", \"points\": 2},"
                + " \"prizes\": [{\"name\": \"Phone\", \"stock\": 10}, {\"name\": \"Coupon\", \"stock\": " + stock
                + "}],"
                + " \"startsAt\": \"" + now.minus(Duration.ofHours(2)) + "\", \"endsAt\": \""
                + now.plus(Duration.ofHours(1))
                + "\"}";
        return send(post("/api/v1/admin/wheels", admin, body)).get("id").asString();
    }

    /** Gives {@code count} fresh users {@code points} each; the first user's id (the others follow it). */
    long usersWithPoints(int count, long points) throws Exception {
        long first = 1_000_000_000L + ThreadLocalRandom.current().nextLong(1_000_000_000_000L);
        for (int i = 0; i < count; i++) {
            send(post("/api/v1/admin/accounts/" + (first + i) + "/points", admin, "{\"points\": " + points + "}"));
        }
        return first;
    }

    Result run(String wheel, long firstUser, int users, int draws) throws Exception {
        List<String> userTokens = new ArrayList<>();
        for (int i = 0; i < users; i++) {
            userTokens.add(tokens.issue(firstUser + i, false, Duration.ofHours(2)));
        }
        Histogram latencies = new Histogram(Duration.ofSeconds(60).toNanos(), 3);
        AtomicLong errors = new AtomicLong();
        Semaphore inFlight = new Semaphore(concurrency);
        long started = System.nanoTime();
        for (int i = 0; i < draws; i++) {
            inFlight.acquire();
            long sent = System.nanoTime();
            http.sendAsync(
                            post("/api/v1/wheels/" + wheel + "/draw", userTokens.get(i % users), null),
                            HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, failure) -> {
                        synchronized (latencies) {
                            latencies.recordValue(
                                    Math.min(System.nanoTime() - sent, latencies.getHighestTrackableValue()));
                        }
                        if (failure != null || response.statusCode() != 200) {
                            errors.incrementAndGet();
                        } else if (!JSON.readTree(response.body()).get("prize").isNull()) {
                            prizes.incrementAndGet();
                        }
                        inFlight.release();
                    });
        }
        inFlight.acquire(concurrency);
        inFlight.release(concurrency);
        return new Result(draws, errors.get(), Duration.ofNanos(System.nanoTime() - started), latencies);
    }

    long prizes() {
        return prizes.get();
    }

    long wonOn(String wheel) throws Exception {
        long won = 0;
        for (JsonNode prize : send(get("/api/v1/wheels/" + wheel)).get("prizes")) {
            won += prize.get("won").asLong();
        }
        return won;
    }

    private HttpRequest post(String path, String bearer, String json) {
        return HttpRequest.newBuilder(URI.create(url + path))
                .timeout(DrawsCommand.timeout())
                .header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json")
                .POST(json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .build();
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(URI.create(url + path))
                .timeout(DrawsCommand.timeout())
                .header("Authorization", "Bearer " + admin)
                .GET()
                .build();
    }

    private JsonNode send(HttpRequest request) throws Exception {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException(
                    request.uri() + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    record Result(int draws, long errors, Duration took, Histogram latencies) {
        String report() {
            double seconds = took.toNanos() / 1e9;
            return String.format(
                    "%d draws in %.2f s = %.0f draws/s, %d errors; latency ms p50 %.1f p90 %.1f p99 %.1f max %.1f",
                    draws,
                    seconds,
                    draws / seconds,
                    errors,
                    latencies.getValueAtPercentile(50) / 1e6,
                    latencies.getValueAtPercentile(90) / 1e6,
                    latencies.getValueAtPercentile(99) / 1e6,
                    latencies.getMaxValue() / 1e6);
        }
    }
}
