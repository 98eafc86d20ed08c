package io.hongbao.support;

import io.github.bucket4j.Bucket;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Many grabs at once through real HTTP: a pool of client threads, each sending its share of the attempts as fast as
 * the service answers. Every attempt ends as an {@link Attempt}: its HTTP status and outcome, or no answer at all
 * (the service died under it).
 */
public final class GrabStorm {

    private static final Pattern OUTCOME = Pattern.compile("\"outcome\"\\s*:\\s*\"([A-Z_]+)\"");
    private static final Pattern AMOUNT = Pattern.compile("\"amount\"\\s*:\\s*(\\d+)");
    private static final Pattern CODE = Pattern.compile("\"code\"\\s*:\\s*\"([A-Z_]+)\"");

    private static final String PACKET_GRAB = "/api/v1/packets/%s/grab";
    private static final String CAMPAIGN_GRAB = "/api/v1/campaigns/%s/grab";

    private final String baseUrl;
    private final LongFunction<String> tokenFor;
    private final String grabPath;
    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger decided = new AtomicInteger();
    private final ConcurrentLinkedQueue<Attempt> soFar = new ConcurrentLinkedQueue<>();
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public GrabStorm(String baseUrl, LongFunction<String> tokenFor) {
        this(baseUrl, tokenFor, PACKET_GRAB);
    }

    private GrabStorm(String baseUrl, LongFunction<String> tokenFor, String grabPath) {
        this.baseUrl = baseUrl;
        this.tokenFor = tokenFor;
        this.grabPath = grabPath;
    }

    /**
     * Grabs of campaigns (ADR 0103) instead of packets: a {@link Plan}'s and an {@link Attempt}'s {@code packetId} is
     * then the campaign's id, and the answer's amount is the person's share, from whichever pool it came.
     */
    public static GrabStorm ofCampaigns(String baseUrl, LongFunction<String> tokenFor) {
        return new GrabStorm(baseUrl, tokenFor, CAMPAIGN_GRAB);
    }

    /** One planned grab. */
    public record Plan(long user, String packetId) {}

    /**
     * What one grab got: the HTTP status, and the outcome and amount of a 200 or the error code of an error answer;
     * {@code status} 0 and everything null when no answer came back. Times are {@link System#nanoTime()}.
     */
    public record Attempt(
            long user,
            String packetId,
            int status,
            String outcome,
            Long amount,
            String code,
            String retryAfter,
            long startedAtNanos,
            long answeredAtNanos) {

        public boolean granted() {
            return "GRABBED".equals(outcome);
        }

        /** GRABBED or ALREADY_GRABBED: the answer names the amount the user holds from the packet. */
        public boolean holdsAmount() {
            return amount != null && ("GRABBED".equals(outcome) || "ALREADY_GRABBED".equals(outcome));
        }

        /** "200 GRABBED", "503 UNAVAILABLE", "no answer": how fault tests count answers. */
        public String kind() {
            if (status == 0) {
                return "no answer";
            }
            return status + " " + (outcome != null ? outcome : code);
        }
    }

    /** How many attempts got an HTTP answer so far. */
    public int answered() {
        return answered.get();
    }

    /** Every attempt that ended so far, answered or not, while the storm may still run. */
    public List<Attempt> soFar() {
        return new ArrayList<>(soFar);
    }

    /** How many attempts were answered 200 (a decided outcome) so far. */
    public int decided() {
        return decided.get();
    }

    public List<Attempt> run(List<Plan> plans, int threads) throws InterruptedException {
        List<Plan> shuffled = new ArrayList<>(plans);
        Collections.shuffle(shuffled, new java.util.Random(plans.size()));
        ConcurrentLinkedQueue<Plan> queue = new ConcurrentLinkedQueue<>(shuffled);
        ConcurrentLinkedQueue<Attempt> attempts = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int i = 0; i < threads; i++) {
            pool.execute(() -> {
                for (Plan plan = queue.poll(); plan != null; plan = queue.poll()) {
                    attempts.add(attempt(plan));
                }
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(5, TimeUnit.MINUTES)) {
            pool.shutdownNow();
            throw new IllegalStateException("the storm did not finish within 5 minutes");
        }
        return new ArrayList<>(attempts);
    }

    /**
     * Grabs until {@code done} says stop: every client takes its next plan from {@code plans} (called concurrently;
     * pairs may repeat, which makes users ask again) and sends it once its previous grab was answered and the pace
     * allows: at most {@code perSecond} grabs a second from all clients together.
     */
    public List<Attempt> runUntil(Supplier<Plan> plans, int threads, int perSecond, BooleanSupplier done)
            throws InterruptedException {
        // A tenth of a second's grabs may go at once, so clients freed together (a stall ending) catch up a little.
        Bucket pace = Bucket.builder()
                .addLimit(limit ->
                        limit.capacity(Math.max(1, perSecond / 10)).refillGreedy(perSecond, Duration.ofSeconds(1)))
                .build();
        ConcurrentLinkedQueue<Attempt> attempts = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int i = 0; i < threads; i++) {
            pool.execute(() -> {
                try {
                    while (!done.getAsBoolean()) {
                        pace.asBlocking().consume(1);
                        attempts.add(attempt(plans.get()));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.MINUTES)) {
            pool.shutdownNow();
            throw new IllegalStateException("the storm did not stop within 30 minutes of being told to");
        }
        return new ArrayList<>(attempts);
    }

    /** One grab, answered or not. */
    public Attempt attempt(Plan plan) {
        Attempt attempt = send(plan);
        soFar.add(attempt);
        return attempt;
    }

    private Attempt send(Plan plan) {
        long started = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + grabPath.formatted(plan.packetId())))
                .timeout(Duration.ofSeconds(20))
                .header("Authorization", "Bearer " + tokenFor.apply(plan.user()))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            answered.incrementAndGet();
            if (response.statusCode() == 200) {
                decided.incrementAndGet();
            }
            Matcher outcome = OUTCOME.matcher(response.body());
            Matcher amount = AMOUNT.matcher(response.body());
            Matcher code = CODE.matcher(response.body());
            return new Attempt(
                    plan.user(),
                    plan.packetId(),
                    response.statusCode(),
                    outcome.find() ? outcome.group(1) : null,
                    amount.find() ? Long.parseLong(amount.group(1)) : null,
                    code.find() ? code.group(1) : null,
                    response.headers().firstValue("Retry-After").orElse(null),
                    started,
                    System.nanoTime());
        } catch (IOException e) {
            return unanswered(plan, started);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unanswered(plan, started);
        }
    }

    private static Attempt unanswered(Plan plan, long started) {
        return new Attempt(plan.user(), plan.packetId(), 0, null, null, null, null, started, System.nanoTime());
    }
}
