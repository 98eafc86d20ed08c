package io.hongbao.audit.model;

import java.time.Instant;
import java.util.Optional;

/**
 * How much of the history one audit run checks record by record (ADR 0068). {@link #FULL}: everything. Recent: only
 * what can still change, i.e. red packets still open or closed at or after {@code closedSince}; everything older is
 * checked through totals over all of it (sums the database computes), so the run's cost follows the recent traffic
 * rather than the size of the history.
 *
 * @param closedSince empty for the full audit
 */
public record AuditScope(Optional<Instant> closedSince) {

    public static final AuditScope FULL = new AuditScope(Optional.empty());

    public AuditScope {
        if (closedSince == null) {
            throw new IllegalArgumentException("closedSince must be present or empty, not null");
        }
    }

    public static AuditScope recent(Instant closedSince) {
        return new AuditScope(Optional.of(closedSince));
    }

    public boolean full() {
        return closedSince.isEmpty();
    }

    /** {@code full} or {@code recent}, as the audit's answer and its {@code scope} parameter name it. */
    public String name() {
        return full() ? "full" : "recent";
    }

    /** What the checks looking one by one cover, for their details. */
    public String describe() {
        return closedSince.map(since -> "open or closed since " + since).orElse("all");
    }
}
