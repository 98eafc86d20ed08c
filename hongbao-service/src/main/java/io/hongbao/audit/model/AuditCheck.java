package io.hongbao.audit.model;

/**
 * One invariant the audit verifies: the audit's port. Each feature contributes its checks as beans of this type from
 * its own configuration; {@code AuditConfiguration} names the order they run in. A check reads what it needs itself
 * and must not change anything, and whatever the size of the data it holds only a bounded part of it in memory at once
 * (a page of {@link AuditPaging#pageSize()} rows, or aggregates the database computes).
 */
public interface AuditCheck {

    /** Short, stable, kebab-case: it is how an operator finds the failing check, and how the audit orders it. */
    String name();

    /** The check over everything, every record one by one. Blocking; runs on a worker thread. Throwing fails it. */
    AuditResult run();

    /**
     * The check within a scope. A check whose work grows with history (every packet, every grab) overrides this to
     * look one by one only at what the scope names and at the rest through totals; any other check runs whole.
     */
    default AuditResult run(AuditScope scope) {
        return run();
    }
}
