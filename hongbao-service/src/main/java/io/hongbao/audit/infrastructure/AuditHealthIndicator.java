package io.hongbao.audit.infrastructure;

import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.audit.application.PeriodicAudit.LastAudit;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * The last periodic audit as the health component {@code periodicAudit}, shown with its details by the health group
 * at {@code /actuator/health/audit}: {@code UP} when it passed, {@link #FAILED} when a check failed, {@code UNKNOWN}
 * before the first run. {@code FAILED} is not in the status order of {@code /actuator/health}, so the service's own
 * health (what a load balancer reads) ignores it: a broken invariant is a fact about the data that every instance
 * shares, and taking instances out of service would not repair it but only add an outage (ADR 0068). The details
 * name the failing checks, never their figures (users, amounts): those are for the admin endpoint.
 */
public final class AuditHealthIndicator implements HealthIndicator {

    public static final Status FAILED = new Status("FAILED", "the last periodic audit found a broken invariant");

    private final PeriodicAudit audit;

    public AuditHealthIndicator(PeriodicAudit audit) {
        this.audit = audit;
    }

    @Override
    public Health health() {
        return audit.last()
                .map(AuditHealthIndicator::of)
                .orElseGet(() -> Health.unknown()
                        .withDetail("audit", "no periodic audit has finished yet")
                        .build());
    }

    private static Health of(LastAudit last) {
        Health.Builder health = last.ok() ? Health.up() : Health.status(FAILED);
        return health.withDetail("scope", last.report().scope())
                .withDetail("at", last.at().toString())
                .withDetail("tookMillis", last.took().toMillis())
                .withDetail("failedChecks", last.report().failedChecks())
                .build();
    }
}
