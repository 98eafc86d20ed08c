package io.hongbao.bench.http.measure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service's own counters at the measured window's boundaries, from {@code /actuator/prometheus}: the
 * verified-token cache's hits and misses ({@code hongbao_tokens_verified_total{cache}}) and the grab script's calls
 * and the grabs they carried ({@code hongbao_grab_script_calls_total}, {@code hongbao_grab_script_grabs_total}), and
 * the outbox's publishing when the service has a bus ({@link OutboxSample}). Read by {@link LoadRun} just outside the
 * window's CPU snapshots, so the scrape is not charged to the grabs.
 */
public final class ServiceMeters implements LoadRun.WindowProbe {

    static final Pattern SAMPLE =
            Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? ([-+0-9.eEaNInf]+)", Pattern.MULTILINE);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI url;
    private Counters begin;
    private Counters end;
    private OutboxSample outboxBegin;
    private OutboxSample outboxEnd;

    public ServiceMeters(String url) {
        this.url = URI.create(url);
    }

    @Override
    public void begin() throws InterruptedException {
        String exposition = read();
        begin = exposition == null ? null : parse(exposition);
        outboxBegin = exposition == null ? null : OutboxSample.parse(exposition);
    }

    @Override
    public void end() throws InterruptedException {
        String exposition = read();
        end = exposition == null ? null : parse(exposition);
        outboxEnd = exposition == null ? null : OutboxSample.parse(exposition);
    }

    /** What the service counted over the window, or null before it ended. */
    public ServiceWindow window() {
        return begin == null || end == null ? null : ServiceWindow.between(begin, end);
    }

    /** The outbox's publishing over the window, or null without a publisher or a reading. */
    public OutboxWindow outboxWindow() {
        return outboxBegin == null || outboxEnd == null ? null : OutboxWindow.between(outboxBegin, outboxEnd);
    }

    /** The metrics now, or null (and a line on stderr) when the service does not answer: the run still counts. */
    private String read() throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(url)
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                return response.body();
            }
            System.err.println("bench http: " + url + " answered " + response.statusCode() + "; no service counters");
        } catch (IOException e) {
            System.err.println("bench http: " + url + " unreadable (" + e + "); no service counters");
        }
        return null;
    }

    /** Sums each counter over its series; a counter the service does not export is NaN. */
    static Counters parse(String exposition) {
        double hits = Double.NaN;
        double misses = Double.NaN;
        double calls = Double.NaN;
        double grabs = Double.NaN;
        Matcher sample = SAMPLE.matcher(exposition);
        while (sample.find()) {
            String labels = sample.group(2) == null ? "" : sample.group(2);
            double value = Double.parseDouble(sample.group(3));
            switch (sample.group(1)) {
                case "hongbao_tokens_verified_total" -> {
                    if (labels.contains("cache=\"hit\"")) {
                        hits = add(hits, value);
                    } else if (labels.contains("cache=\"miss\"")) {
                        misses = add(misses, value);
                    }
                }
                case "hongbao_grab_script_calls_total" -> calls = add(calls, value);
                case "hongbao_grab_script_grabs_total" -> grabs = add(grabs, value);
                default -> {}
            }
        }
        return new Counters(hits, misses, calls, grabs);
    }

    private static double add(double sum, double value) {
        return Double.isNaN(sum) ? value : sum + value;
    }

    record Counters(double tokenCacheHits, double tokenCacheMisses, double scriptCalls, double scriptGrabs) {}
}
