package io.hongbao.audit.infrastructure;

import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.audit.application.PeriodicAudit.LastAudit;
import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs the recent audit every so often on a thread of its own; its outcome feeds the metrics and the health. */
public final class AuditWorker extends PeriodicWorker {

    private static final Logger log = LoggerFactory.getLogger(AuditWorker.class);

    private final PeriodicAudit audit;

    public AuditWorker(PeriodicAudit audit, Duration every, boolean enabled) {
        super("audit", every, enabled);
        this.audit = audit;
    }

    @Override
    protected int runOnce() {
        return auditNow().ok() ? 1 : 0;
    }

    /** One run now, on the caller's thread (tests, and the worker's own passes). */
    public LastAudit auditNow() {
        LastAudit last = audit.runOnce();
        if (!last.ok()) {
            log.warn(
                    "The periodic audit failed ({} in {} ms): {}; GET /api/v1/admin/audit tells what each saw",
                    last.report().failedChecks(),
                    last.took().toMillis(),
                    last.report().checks().stream()
                            .filter(c -> !c.ok())
                            .map(c -> c.name() + ": " + c.detail())
                            .toList());
        }
        return last;
    }
}
