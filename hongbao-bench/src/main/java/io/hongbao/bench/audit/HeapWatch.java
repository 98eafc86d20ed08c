package io.hongbao.bench.audit;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The audited JVM's heap while an audit runs, seen two ways: its heap in use as {@code /actuator/prometheus} reports
 * it, sampled every {@link #EVERY} (garbage not yet collected included, so it climbs towards -Xmx between
 * collections), and the heap left after each collection, from the JVM's own GC log: what the audit really holds.
 */
final class HeapWatch implements AutoCloseable {

    static final Duration EVERY = Duration.ofMillis(250);
    private static final Pattern HEAP_LINE =
            Pattern.compile("^jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*\\} ([0-9.Ee+]+)", Pattern.MULTILINE);
    private static final Pattern AFTER_GC = Pattern.compile("(\\d+)M->(\\d+)M\\((\\d+)M\\)");

    private final HttpClient http = HttpClient.newHttpClient();
    private final String metricsUrl;
    private final Path gcLog;
    private final long gcLogStart;
    private final AtomicLong peakSampled = new AtomicLong();
    private final Thread sampler;
    private volatile boolean running = true;

    private HeapWatch(String baseUrl, Path gcLog) throws IOException {
        this.metricsUrl = baseUrl + "/actuator/prometheus";
        this.gcLog = gcLog;
        this.gcLogStart = Files.exists(gcLog) ? Files.size(gcLog) : 0;
        this.sampler = new Thread(this::sample, "heap-watch");
        sampler.setDaemon(true);
    }

    static HeapWatch start(String baseUrl, Path gcLog) throws IOException {
        HeapWatch watch = new HeapWatch(baseUrl, gcLog);
        watch.sampler.start();
        return watch;
    }

    /** The most heap in use any sample saw, in MB. */
    long peakSampledMb() {
        return peakSampled.get() / (1024 * 1024);
    }

    /** The most heap left after a collection during the watch, in MB; -1 when no collection happened. */
    long peakAfterGcMb() throws IOException {
        if (!Files.exists(gcLog)) {
            return -1;
        }
        String appended = Files.readString(gcLog).substring((int) Math.min(gcLogStart, Files.size(gcLog)));
        long peak = -1;
        Matcher m = AFTER_GC.matcher(appended);
        while (m.find()) {
            peak = Math.max(peak, Long.parseLong(m.group(2)));
        }
        return peak;
    }

    /** How many collections the GC log recorded during the watch. */
    long collections() throws IOException {
        if (!Files.exists(gcLog)) {
            return 0;
        }
        String appended = Files.readString(gcLog).substring((int) Math.min(gcLogStart, Files.size(gcLog)));
        return AFTER_GC.matcher(appended).results().count();
    }

    private void sample() {
        HttpRequest request = HttpRequest.newBuilder(URI.create(metricsUrl))
                .timeout(Duration.ofSeconds(5))
                .build();
        while (running) {
            try {
                String body =
                        http.send(request, HttpResponse.BodyHandlers.ofString()).body();
                long used = 0;
                Matcher m = HEAP_LINE.matcher(body);
                while (m.find()) {
                    used += (long) Double.parseDouble(m.group(1));
                }
                peakSampled.accumulateAndGet(used, Math::max);
                Thread.sleep(EVERY.toMillis());
            } catch (InterruptedException e) {
                return;
            } catch (IOException e) {
                // a missed sample; the next one comes
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        sampler.interrupt();
        sampler.join(5_000);
    }
}
