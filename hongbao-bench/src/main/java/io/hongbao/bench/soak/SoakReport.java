package io.hongbao.bench.soak;

import io.hongbao.bench.http.measure.LatencySummary;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.targets.Persistence;
import io.hongbao.bench.start.LogLines;
import java.util.List;
import java.util.Map;

/**
 * What {@code bench soak} writes as {@code soak.json}.
 *
 * @param rss the verdict's figure: the RSS's growth
 * @param heap the same maths over the heap in use, for reading beside it (a sawtooth between collections)
 * @param persistence after the load: when every grant was in the database, and the audit; null if not reached
 * @param log the WARN and ERROR lines of the service's whole log
 */
public record SoakReport(
        String startedAt,
        Map<String, Object> settings,
        List<SoakSample> samples,
        Growth rss,
        Growth heap,
        Load load,
        Persistence persistence,
        LogLines log) {

    /** The load over the whole run. */
    public record Load(
            long requests,
            double requestsPerSecond,
            long errors,
            Map<Outcome, Long> outcomes,
            LatencySummary latency,
            long attemptsPastCapacity) {}

    /** The run's verdict: the RSS's, and whether the load and the audit were clean. */
    public boolean clean() {
        return Growth.NO_GROWTH.equals(rss.verdict())
                && load.errors() == 0
                && persistence != null
                && persistence.auditOk();
    }
}
