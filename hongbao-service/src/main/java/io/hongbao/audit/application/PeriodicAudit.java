package io.hongbao.audit.application;

import io.hongbao.audit.application.RunningAudit.AuditReport;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The recent audit, run again and again in the background, and the outcome of its last run: what the metrics and the
 * health of the service show (ADR 0068). Only the periodic runs count here, so that the figures mean one thing; an
 * audit asked for over HTTP answers its caller alone.
 */
public final class PeriodicAudit {

    /** One finished run: when it ended, how long it took, and its report. */
    public record LastAudit(Instant at, Duration took, AuditReport report) {
        public boolean ok() {
            return report.ok();
        }
    }

    private final RunningAudit audit;
    private final AuditScopes scopes;
    private final Clock clock;
    private volatile LastAudit last;

    public PeriodicAudit(RunningAudit audit, AuditScopes scopes, Clock clock) {
        this.audit = audit;
        this.scopes = scopes;
        this.clock = clock;
    }

    public LastAudit runOnce() {
        long start = System.nanoTime();
        AuditReport report = audit.run(scopes.recent());
        LastAudit finished = new LastAudit(clock.instant(), Duration.ofNanos(System.nanoTime() - start), report);
        last = finished;
        return finished;
    }

    /** Empty until the first run has finished. */
    public Optional<LastAudit> last() {
        return Optional.ofNullable(last);
    }
}
