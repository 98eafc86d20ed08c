package io.hongbao.redpacket.warmup;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Warms the grab path before the service reports UP. A red-packet peak starts at a known second; a cold JVM serves
 * its first minute at a fraction of its speed while the JIT compiles the hot path. So, once the server listens, the
 * service sends itself grab requests through the whole stack — Netty, the security chain with a real JWT, the
 * grab route, request coalescing, the Lua script, the JSON answer — until the JIT has settled on them, and only then
 * lets health say UP. How long that takes is this JVM's: seconds, bounded by {@code max-duration}.
 *
 * <p>Side-effect free by construction: the requests target a packet that exists only in Redis, already closed, so
 * every grab answers EXPIRED after the script's checks and nothing is written, queued or paid. Its keys expire on
 * their own.
 */
public final class GrabPathWarmUp implements HealthIndicator {

    private static final Logger log = LoggerFactory.getLogger(GrabPathWarmUp.class);
    private static final Duration KEY_LIFETIME = Duration.ofMinutes(10);
    /** How long one warm-up request may take: a grab of a closed packet answers in well under a second. */
    private static final Duration IN_FLIGHT_LIMIT = Duration.ofSeconds(10);
    /** The status recorded for a request that got no answer (a timeout, a refused connection). */
    private static final int NO_ANSWER = 0;

    private final RedPacketSettings.WarmUp settings;
    private final RedisConnection redis;
    private final PacketKeys keys;
    private final TokenIssuer tokens;
    private final AtomicBoolean warm = new AtomicBoolean();

    public GrabPathWarmUp(
            RedPacketSettings.WarmUp settings, RedisConnection redis, PacketKeys keys, TokenIssuer tokens) {
        this.settings = settings;
        this.redis = redis;
        this.keys = keys;
        this.tokens = tokens;
        warm.set(!settings.enabled());
    }

    @Override
    public Health health() {
        return warm.get()
                ? Health.up().build()
                : Health.outOfService().withDetail("warm-up", "running").build();
    }

    @EventListener
    public void onReady(ApplicationReadyEvent ready) {
        if (warm.get()) {
            return;
        }
        int port = ((WebServerApplicationContext) ready.getApplicationContext())
                .getWebServer()
                .getPort();
        Thread thread = new Thread(() -> warmUp(port), "grab-path-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    private void warmUp(int port) {
        try {
            run(port);
        } catch (RuntimeException e) {
            log.warn("grab path warm-up stopped early (UP anyway): {}", e.toString());
        } finally {
            warm.set(true);
        }
    }

    /**
     * Sends the warm-up's requests, {@code concurrency} at a time, until the JIT has settled on them
     * ({@link JitSettling}) or the {@code max-duration} has passed, then waits for the ones in flight. The stop ends the
     * sending, never the requests already sent: closing their connections under them would make the server count them
     * as clients that hung up, and a cold JVM on a busy machine is exactly where the deadline is met.
     */
    Run run(int port) {
        long start = System.nanoTime();
        long deadline = start + settings.maxDuration().toNanos();
        JitSettling jit = JitSettling.ofThisJvm(settings.settledFor());
        AtomicLong sent = new AtomicLong();
        AtomicBoolean settled = new AtomicBoolean();
        ConnectionProvider connections = ConnectionProvider.create("warm-up", settings.concurrency());
        try {
            PacketId packet = closedPacket();
            HttpClient client = HttpClient.create(connections)
                    .baseUrl("http://127.0.0.1:" + port)
                    .responseTimeout(IN_FLIGHT_LIMIT);
            // takeWhile before flatMap: once it says stop no request is issued, and flatMap still waits for those
            // already in flight (at most `concurrency`, each answered or timed out within IN_FLIGHT_LIMIT). flatMap
            // asks for the next request as each answer arrives, so takeWhile runs on one thread at a time.
            long answered = Flux.range(0, Integer.MAX_VALUE)
                    .takeWhile(i -> System.nanoTime() < deadline && !settled(jit, settled))
                    .doOnNext(i -> sent.incrementAndGet())
                    .flatMap(i -> grab(client, packet), settings.concurrency())
                    .filter(status -> status != NO_ANSWER)
                    .count()
                    .block();
            Run run = new Run(sent.get(), answered, settled.get());
            log.info(
                    "grab path warmed up: {} requests answered of {} sent in {} ms ({}); UP {} ms after the JVM started",
                    run.answered(),
                    run.sent(),
                    Duration.ofNanos(System.nanoTime() - start).toMillis(),
                    run.jitSettled() ? "the JIT settled" : "max-duration reached",
                    ManagementFactory.getRuntimeMXBean().getUptime());
            return run;
        } finally {
            connections.dispose();
        }
    }

    private static boolean settled(JitSettling jit, AtomicBoolean settled) {
        if (jit.settled()) {
            settled.set(true);
        }
        return settled.get();
    }

    /**
     * What one warm-up did: requests sent, answered (with any status), and whether the JIT settling ended the sending
     * (else its deadline did).
     */
    record Run(long sent, long answered, boolean jitSettled) {}

    private Mono<Integer> grab(HttpClient client, PacketId packet) {
        long user = 1 + ThreadLocalRandom.current().nextLong(1_000_000_000L);
        String token = tokens.issue(user, false, Duration.ofMinutes(5));
        return client.headers(h -> h.add("Authorization", "Bearer " + token))
                .post()
                .uri("/api/v1/packets/" + packet.value() + "/grab")
                .responseSingle((response, body) -> body.asString()
                        .defaultIfEmpty("")
                        .thenReturn(response.status().code()))
                .onErrorReturn(NO_ANSWER);
    }

    /** A packet only Redis knows, closed ('X') and with no shares: every grab of it is EXPIRED, nothing else. */
    private PacketId closedPacket() {
        PacketId packet = PacketId.generate();
        String key = keys.packet(packet);
        var sync = redis.sync();
        sync.hset(key, java.util.Map.of("st", "X", "exp", "0", "grp", "0", "ramt", "0", "rcnt", "0"));
        sync.pexpire(key, KEY_LIFETIME.toMillis());
        return packet;
    }
}
