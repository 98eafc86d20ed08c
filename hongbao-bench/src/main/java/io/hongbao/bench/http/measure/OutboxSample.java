package io.hongbao.bench.http.measure;

import java.util.regex.Matcher;

/**
 * The outbox's meters (ADR 0096) in one reading of the service's {@code /actuator/prometheus}, summed over database
 * shards; the lag's quantiles and maximum are the worst shard's. NaN where the service does not export a meter: the
 * publisher's meters exist only with a bus configured.
 *
 * @param published events the bus acknowledged ({@code hongbao_outbox_published_total})
 * @param lagCount events whose publish lag was recorded, commit to acknowledgement
 * @param lagSumSeconds their lags added up
 * @param lagP50Seconds the median lag Micrometer keeps over its decaying window (up to its last 2 minutes)
 * @param lagP99Seconds the 99th percentile over the same window
 * @param lagMaxSeconds the longest lag over the same window
 * @param backlog rows waiting in the outbox at the service's last sample (every 2 s)
 */
public record OutboxSample(
        double published,
        double lagCount,
        double lagSumSeconds,
        double lagP50Seconds,
        double lagP99Seconds,
        double lagMaxSeconds,
        double backlog) {

    static OutboxSample parse(String exposition) {
        double published = Double.NaN;
        double lagCount = Double.NaN;
        double lagSum = Double.NaN;
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        double max = Double.NaN;
        double backlog = Double.NaN;
        Matcher line = ServiceMeters.SAMPLE.matcher(exposition);
        while (line.find()) {
            String labels = line.group(2) == null ? "" : line.group(2);
            double value = Double.parseDouble(line.group(3));
            switch (line.group(1)) {
                case "hongbao_outbox_published_total" -> published = add(published, value);
                case "hongbao_outbox_publish_lag_seconds_count" -> lagCount = add(lagCount, value);
                case "hongbao_outbox_publish_lag_seconds_sum" -> lagSum = add(lagSum, value);
                case "hongbao_outbox_publish_lag_seconds_max" -> max = worst(max, value);
                case "hongbao_outbox_publish_lag_seconds" -> {
                    if (labels.contains("quantile=\"0.5\"")) {
                        p50 = worst(p50, value);
                    } else if (labels.contains("quantile=\"0.99\"")) {
                        p99 = worst(p99, value);
                    }
                }
                case "hongbao_outbox_backlog" -> backlog = add(backlog, value);
                default -> {}
            }
        }
        return new OutboxSample(published, lagCount, lagSum, p50, p99, max, backlog);
    }

    private static double add(double sum, double value) {
        return Double.isNaN(sum) ? value : sum + value;
    }

    private static double worst(double so, double value) {
        return Double.isNaN(so) ? value : Math.max(so, value);
    }
}
