package io.hongbao.cluster;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * A storm of page loads ({@code GET /}, the web app) from {@code threads} clients, one after another each, until
 * stopped: the load that once made a balancer's health checks answer 429. Counts the answers by status (0: no answer).
 */
final class PageLoads {

    private final ExecutorService clients;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();

    private PageLoads(int threads) {
        this.clients = Executors.newFixedThreadPool(threads);
    }

    static PageLoads start(String baseUrl, int threads) {
        PageLoads loads = new PageLoads(threads);
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest page = HttpRequest.newBuilder(URI.create(baseUrl + "/"))
                .timeout(Duration.ofSeconds(5))
                .build();
        for (int i = 0; i < threads; i++) {
            loads.clients.submit(() -> {
                while (loads.running.get()) {
                    int status;
                    try {
                        status = http.send(page, HttpResponse.BodyHandlers.discarding())
                                .statusCode();
                    } catch (java.io.IOException e) {
                        status = 0;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    loads.statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
                }
            });
        }
        return loads;
    }

    /** Stops the clients and returns how many answers of each status they had. */
    Map<Integer, Long> stop() throws InterruptedException {
        running.set(false);
        clients.shutdown();
        clients.awaitTermination(10, TimeUnit.SECONDS);
        Map<Integer, Long> counts = new TreeMap<>();
        statuses.forEach((status, count) -> counts.put(status, count.sum()));
        return counts;
    }
}
