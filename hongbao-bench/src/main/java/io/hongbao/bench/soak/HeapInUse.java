package io.hongbao.bench.soak;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The service's heap in use, from its {@code /actuator/prometheus}: {@code jvm_memory_used_bytes} of every heap pool. */
final class HeapInUse {

    private static final Pattern USED =
            Pattern.compile("^jvm_memory_used_bytes\\{([^}]*)\\}\\s+([-+0-9.eE]+|NaN)", Pattern.MULTILINE);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final HttpRequest scrape;

    HeapInUse(String baseUrl) {
        this.scrape = HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/prometheus"))
                .timeout(Duration.ofSeconds(5))
                .build();
    }

    /** In bytes now; NaN when the service does not answer. */
    double bytes() throws InterruptedException {
        try {
            HttpResponse<String> response = http.send(scrape, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? heapBytes(response.body()) : Double.NaN;
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    /** The sum over the series labelled {@code area="heap"}; NaN when there is none. */
    static double heapBytes(String exposition) {
        double sum = Double.NaN;
        Matcher sample = USED.matcher(exposition);
        while (sample.find()) {
            if (sample.group(1).contains("area=\"heap\"")) {
                double value = Double.parseDouble(sample.group(2));
                sum = Double.isNaN(sum) ? value : sum + value;
            }
        }
        return sum;
    }
}
