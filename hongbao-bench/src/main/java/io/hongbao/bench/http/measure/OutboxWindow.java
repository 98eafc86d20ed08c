package io.hongbao.bench.http.measure;

/**
 * The outbox's publishing over one measured window ({@link OutboxSample} at its two ends).
 *
 * @param published events the bus acknowledged in the window
 * @param meanLagSeconds their mean publish lag, commit to acknowledgement: exact for the window
 * @param lagP50Seconds the median lag at the window's end, as Micrometer keeps it: over a decaying window of up to its
 *     last 2 minutes, so the warm-up's lags may be in it
 * @param lagP99Seconds the 99th percentile, the same way
 * @param lagMaxSeconds the longest lag, the same way
 * @param backlogAtEnd rows waiting in the outbox at the window's end, as the service last sampled them (every 2 s)
 */
public record OutboxWindow(
        double published,
        double meanLagSeconds,
        double lagP50Seconds,
        double lagP99Seconds,
        double lagMaxSeconds,
        double backlogAtEnd) {

    /** Null when the service has no publisher (no bus: its meters are not there). */
    static OutboxWindow between(OutboxSample begin, OutboxSample end) {
        if (Double.isNaN(end.published()) || Double.isNaN(begin.published())) {
            return null;
        }
        double lags = end.lagCount() - begin.lagCount();
        double mean = lags > 0 ? (end.lagSumSeconds() - begin.lagSumSeconds()) / lags : Double.NaN;
        return new OutboxWindow(
                end.published() - begin.published(),
                mean,
                end.lagP50Seconds(),
                end.lagP99Seconds(),
                end.lagMaxSeconds(),
                end.backlog());
    }
}
