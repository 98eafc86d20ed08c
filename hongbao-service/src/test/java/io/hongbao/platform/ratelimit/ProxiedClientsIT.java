package io.hongbao.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.Balancer;
import io.hongbao.support.IntegrationTest;
import io.lettuce.core.RedisClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The shared test service behind a real HAProxy on loopback (docs/api.md, Rate limits, change 24), configured as
 * scripts/cluster.sh configures it: {@code option forwardfor}, checks on {@code /actuator/health/readiness}, and the
 * service trusting only HAProxy's address (127.0.0.1, the test configuration's {@code trusted-proxies}). Clients
 * connect to HAProxy from distinct loopback addresses (127.0.0.2, .3), so HAProxy sees each as a client of its own, as
 * it would on a network; nothing but HAProxy writes the hop the service believes.
 */
class ProxiedClientsIT extends IntegrationTest {

    /** The storm lasts until both stormers have met the limit ten times each, at most this long. */
    private static final Duration STORM_AT_MOST = Duration.ofSeconds(30);

    /**
     * Callers per stormer, each opening a connection per page: enough to go past the per-address limit (50/s) on a
     * loaded machine too, where three managed about 45 pages a second and were never limited.
     */
    private static final int STORM_THREADS = 8;

    private static final InetAddress STORMER = loopback(2);
    private static final InetAddress BYSTANDER = loopback(3);
    private static final InetAddress PROXY = loopback(1);

    @LocalServerPort
    int port;

    @Autowired
    RateLimitSettings limits;

    @Autowired
    StorageEndpoints storage;

    @Test
    void clientsBehindTheProxyAreLimitedEachOnTheirOwnForgingGainsNothingAndProbesNeverFail(@TempDir Path dir)
            throws Exception {
        Balancer.assumeInstalled();
        Optional<Path> haproxy = Balancer.program();
        int front = freePort();
        int stats = freePort();
        Path config = dir.resolve("haproxy.cfg");
        Files.writeString(config, """
                global
                    maxconn 2000
                defaults
                    mode http
                    timeout connect 2s
                    timeout client 10s
                    timeout server 10s
                frontend hongbao
                    bind 127.0.0.1:%d
                    option forwardfor
                    default_backend instances
                # Stricter than scripts/cluster.sh (inter 1s fall 2): one failed check takes the instance out.
                backend instances
                    option httpchk GET /actuator/health/readiness
                    http-check expect status 200
                    timeout check 1s
                    default-server inter 250ms fall 1 rise 1
                    server instance 127.0.0.1:%d check
                listen stats
                    bind 127.0.0.1:%d
                    stats enable
                    stats uri /stats
                """.formatted(front, port, stats));
        Process proxy = new ProcessBuilder(haproxy.get().toString(), "-db", "-f", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("haproxy.log").toFile())
                .start();
        ExecutorService pool = Executors.newFixedThreadPool(STORM_THREADS * 2);
        try {
            awaitInstanceUp(stats, Duration.ofSeconds(10));
            long deadline = System.nanoTime() + STORM_AT_MOST.toNanos();
            AtomicBoolean storming = new AtomicBoolean(true);
            Map<String, AtomicInteger> pages = new ConcurrentHashMap<>();
            List<Future<?>> workers = new ArrayList<>();
            // Page loads through the proxy from one client, and straight from the proxy's own address, the address
            // the balancer's checks and a scraper's calls come from.
            for (int i = 0; i < STORM_THREADS; i++) {
                workers.add(pool.submit(() -> storm(STORMER, front, storming, "proxied", pages)));
                workers.add(pool.submit(() -> storm(PROXY, port, storming, "direct", pages)));
            }
            List<String> probes = new ArrayList<>();
            List<Integer> forged = new ArrayList<>();
            List<Integer> bystander = new ArrayList<>();
            while (System.nanoTime() < deadline && (limited(pages, "proxied") < 10 || limited(pages, "direct") < 10)) {
                probe(probes, front);
            }
            // Both buckets are empty and kept so by the storm: a fresh X-Forwarded-For on every call must not refill
            // the stormer's, and another client behind the same proxy has its own.
            // Twice each: a forgery that worked would make the second call ask Redis for the forged address' bucket.
            for (int i = 0; i < 20; i++) {
                forged.add(get(STORMER, front, "/", "X-Forwarded-For: 198.51.100." + (i / 2 + 1) + "\r\n"));
            }
            List<String> bucketsOfForged;
            long stormersBucket;
            RedisClient redis = RedisClient.create(storage.redisUrl());
            try (var connection = redis.connect()) {
                bucketsOfForged = connection.sync().keys("rl:address:198.51.100.*");
                stormersBucket = connection.sync().exists("rl:address:" + STORMER.getHostAddress());
            } finally {
                redis.shutdown();
            }
            for (int i = 0; i < 5; i++) {
                bystander.add(get(BYSTANDER, front, "/", ""));
            }
            long oneMore = System.nanoTime() + Duration.ofSeconds(1).toNanos();
            while (System.nanoTime() < oneMore) {
                probe(probes, front);
            }
            storming.set(false);
            for (Future<?> worker : workers) {
                worker.get();
            }
            Map<String, String> server = serverStats(stats);
            System.out.printf(
                    "ProxiedClientsIT: pages %s; forged %s; bystander %s; %d probes, not 200: %s; haproxy %s%n",
                    pages,
                    histogram(forged),
                    histogram(bystander),
                    probes.size(),
                    probes.stream().filter(p -> !p.endsWith(" 200")).toList(),
                    server);

            assertThat(limited(pages, "proxied"))
                    .as("the stormer behind the proxy is limited")
                    .isPositive();
            assertThat(limited(pages, "direct"))
                    .as("page loads from the proxy's own address are limited")
                    .isPositive();
            assertThat(bystander)
                    .as("another client behind the same proxy has a bucket of its own")
                    .containsOnly(200);
            assertThat(stormersBucket)
                    .as("the stormer is counted under the address HAProxy appended")
                    .isEqualTo(1);
            assertThat(bucketsOfForged)
                    .as("a forged X-Forwarded-For is left of the hop HAProxy appends: never a bucket of its own")
                    .isEmpty();
            // Forged addresses each with a bucket of their own would pass all 20 (burst 100); only the stormer's
            // refill, shared with the storm, lets some through: how many depends on how fast the storm drains it
            // (5 of 20 refused on a quiet machine, 4 on a loaded one), so any refusal is the stormer's bucket at work.
            assertThat(forged.stream().filter(status -> status == 429).count())
                    .as("the stormer stays limited while it forges")
                    .isPositive();
            assertThat(probes)
                    .as("probes and scrapes are never limited")
                    .isNotEmpty()
                    .allSatisfy(probe -> assertThat(probe).endsWith(" 200"));
            assertThat(server.get("status")).isEqualTo("UP");
            assertThat(server.get("chkfail"))
                    .as("HAProxy's readiness checks never failed")
                    .isEqualTo("0");
        } finally {
            pool.shutdownNow();
            proxy.destroy();
            proxy.waitFor();
            // Leaves 127.0.0.1's address bucket full again for the tests that follow (they call from it).
            Thread.sleep(Duration.ofSeconds(
                            (limits.perAddress().burst() + limits.perAddress().perSecond() - 1)
                                    / limits.perAddress().perSecond())
                    .toMillis());
        }
    }

    private static void storm(
            InetAddress from, int to, AtomicBoolean storming, String name, Map<String, AtomicInteger> pages) {
        while (storming.get()) {
            int status = get(from, to, "/", "");
            pages.computeIfAbsent(name + " " + status, key -> new AtomicInteger())
                    .incrementAndGet();
        }
    }

    private static int limited(Map<String, AtomicInteger> pages, String name) {
        AtomicInteger refused = pages.get(name + " 429");
        return refused == null ? 0 : refused.get();
    }

    /** Health and readiness as a balancer asks them, a scrape, and liveness through the proxy. */
    private void probe(List<String> probes, int front) throws InterruptedException {
        for (String path : List.of("/actuator/health", "/actuator/health/readiness", "/actuator/prometheus")) {
            probes.add(path + " " + get(PROXY, port, path, ""));
        }
        probes.add("proxied /actuator/health/liveness " + get(STORMER, front, "/actuator/health/liveness", ""));
        Thread.sleep(20);
    }

    /** One HTTP/1.1 GET on a connection of its own from {@code from}; the status, or 0 when the call failed. */
    private static int get(InetAddress from, int port, String path, String headers) {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress(PROXY, port), 2000);
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + headers + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            String[] statusLine = answer.split("\r\n", 2)[0].split(" ");
            return statusLine.length > 1 ? Integer.parseInt(statusLine[1]) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static void awaitInstanceUp(int stats, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (!"UP".equals(serverStats(stats).get("status"))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("HAProxy never saw the instance UP: " + serverStats(stats));
            }
            Thread.sleep(100);
        }
    }

    /** The instance's row of HAProxy's CSV statistics, by column name (status, chkfail, chkdown, ...). */
    private static Map<String, String> serverStats(int stats) {
        return Balancer.serverStats(stats, "instance");
    }

    private static Map<Integer, Long> histogram(List<Integer> statuses) {
        Map<Integer, Long> counts = new java.util.TreeMap<>();
        statuses.forEach(status -> counts.merge(status, 1L, Long::sum));
        return counts;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, PROXY)) {
            return socket.getLocalPort();
        }
    }

    private static InetAddress loopback(int last) {
        try {
            return InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) last});
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
