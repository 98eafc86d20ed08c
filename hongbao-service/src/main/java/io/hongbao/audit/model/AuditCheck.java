package io.hongbao.audit.model;

/**
 * One invariant the audit verifies: the audit's port. Each feature contributes its checks as beans of this type from
 * its own configuration; {@code AuditConfiguration} names the order they run in. A check reads what it needs itself
 * and must not change anything.
 */
public interface AuditCheck {

    /** Short, stable, kebab-case: it is how an operator finds the failing check, and how the audit orders it. */
    String name();

    /** Blocking; runs on a worker thread. A thrown exception counts as a failed check. */
    AuditResult run();
}
