package io.hongbao.bench.start;

import io.hongbao.bench.http.measure.Outcome;
import java.util.List;
import java.util.Map;

/**
 * One start of one target in one round.
 *
 * @param secondsToReady from the process start to the first 200 of the readiness probe; NaN when it failed
 * @param rssMbAtReady the JVM's RSS at that moment
 * @param stopSeconds from SIGTERM to the exit; NaN when it had to be killed
 * @param logToReady the WARN and ERROR lines logged until it was ready: a clean start has none
 * @param wholeLog the same over the whole log (start, load, stop)
 * @param log the start's log, relative to the results folder
 * @param failure why the start failed (not ready within the limit, exited, set-up failed), or null
 * @param logTail the log's last lines when it failed
 * @param load the load after a restart, or null
 */
public record StartRun(
        String target,
        int round,
        Kind kind,
        double secondsToReady,
        double rssMbAtReady,
        double stopSeconds,
        LogLines logToReady,
        LogLines wholeLog,
        String log,
        String failure,
        List<String> logTail,
        RestartLoad load) {

    public boolean ok() {
        return failure == null;
    }

    /** The three starts of a round, in the order they run. */
    public enum Kind {
        /** Embedded mode on an empty data folder: the service installs and starts its own Redis and MariaDB. */
        FIRST_START("first start"),
        /** Embedded mode on the first start's data folder, then the realistic load. */
        RESTART("restart"),
        /** Redis and MariaDB already running, given as HONGBAO_REDIS_URL and HONGBAO_DB_URL. */
        EXTERNAL("external");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * The realistic grab load started the moment the restarted service was ready (closed loop).
     *
     * @param answersPerSecond answers in each second since the load started
     * @param attemptsPastCapacity fresh grabs that found no share left: nonzero, the packets were too few
     */
    public record RestartLoad(
            List<Long> answersPerSecond,
            RampUp rampUp,
            double rssMbAfterLoad,
            long requests,
            long errors,
            Map<Outcome, Long> outcomes,
            long attemptsPastCapacity) {}
}
