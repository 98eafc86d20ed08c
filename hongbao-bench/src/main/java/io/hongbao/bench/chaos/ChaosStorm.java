package io.hongbao.bench.chaos;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grab clients that keep going whatever breaks: each takes a random (user, packet) pair from a seeded generator,
 * grabs, records what it got, and after anything but a decided answer waits a moment before the next, as an app would.
 * Users come back to packets they hold, so ALREADY_GRABBED answers (and the amounts they name) are checked too.
 */
final class ChaosStorm {

    private static final Pattern OUTCOME = Pattern.compile("\"outcome\"\\s*:\\s*\"([A-Z_]+)\"");
    private static final Pattern AMOUNT = Pattern.compile("\"amount\"\\s*:\\s*(\\d+)");
    private static final Pattern CODE = Pattern.compile("\"code\"\\s*:\\s*\"([A-Z_]+)\"");
    private static final Duration BACK_OFF = Duration.ofMillis(50);

    /**
     * What one grab got: the status, and the outcome and amount of a 200 or the error code otherwise; status 0 when no
     * answer came. Times are System.nanoTime().
     */
    record Answer(
            int packet, long user, int status, String outcome, Long amount, String code, long started, long answered) {

        boolean decided() {
            return status == 200;
        }

        String kind() {
            return status == 0 ? "no answer" : status + " " + (outcome != null ? outcome : code);
        }
    }

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private final String baseUrl;
    private final List<String> packets;
    private final LongFunction<String> tokens;
    private final Duration timeout;
    private final ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
    private final AtomicInteger decided = new AtomicInteger();
    private final ExecutorService clients;
    private volatile boolean stopping;

    private ChaosStorm(
            String baseUrl, List<String> packets, LongFunction<String> tokens, Duration timeout, int threads) {
        this.baseUrl = baseUrl;
        this.packets = packets;
        this.tokens = tokens;
        this.timeout = timeout;
        this.clients = Executors.newFixedThreadPool(threads);
    }

    static ChaosStorm start(
            String baseUrl,
            List<String> packets,
            LongFunction<String> tokens,
            long firstUser,
            int users,
            int threads,
            Duration timeout,
            long seed) {
        ChaosStorm storm = new ChaosStorm(baseUrl, packets, tokens, timeout, threads);
        Random random = new Random(seed);
        for (int i = 0; i < threads; i++) {
            storm.clients.execute(() -> storm.grabUntilStopped(random, firstUser, users));
        }
        storm.clients.shutdown();
        return storm;
    }

    /** Blocks until a grab sent from now on is decided (200); returns how long that took. */
    Duration awaitNextDecided(Duration limit) throws InterruptedException {
        long start = System.nanoTime();
        int target = decided.get() + 1;
        while (decided.get() < target) {
            if (System.nanoTime() - start > limit.toNanos()) {
                throw new IllegalStateException("no grab was decided within " + limit);
            }
            Thread.sleep(1);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** Stops the clients; every answer they got, and the grabs left unanswered. */
    List<Answer> stop() throws InterruptedException {
        stopping = true;
        if (!clients.awaitTermination(2, TimeUnit.MINUTES)) {
            clients.shutdownNow();
        }
        return new ArrayList<>(answers);
    }

    private void grabUntilStopped(Random random, long firstUser, int users) {
        while (!stopping) {
            Answer answer = grab(random.nextInt(packets.size()), firstUser + random.nextInt(users));
            answers.add(answer);
            if (answer.decided()) {
                decided.incrementAndGet();
            } else {
                pause();
            }
        }
    }

    private Answer grab(int packet, long user) {
        long started = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(baseUrl + "/api/v1/packets/" + packets.get(packet) + "/grab"))
                .timeout(timeout)
                .header("Authorization", "Bearer " + tokens.apply(user))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            String body = response.body();
            return new Answer(
                    packet,
                    user,
                    response.statusCode(),
                    group(OUTCOME, body),
                    amount(body),
                    group(CODE, body),
                    started,
                    System.nanoTime());
        } catch (IOException e) {
            return new Answer(packet, user, 0, null, null, null, started, System.nanoTime());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(packet, user, 0, null, null, null, started, System.nanoTime());
        }
    }

    private static String group(Pattern pattern, String body) {
        Matcher matcher = pattern.matcher(body);
        return matcher.find() ? matcher.group(1) : null;
    }

    private static Long amount(String body) {
        String amount = group(AMOUNT, body);
        return amount == null ? null : Long.valueOf(amount);
    }

    private static void pause() {
        try {
            Thread.sleep(BACK_OFF.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
