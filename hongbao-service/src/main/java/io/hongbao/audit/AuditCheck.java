package io.hongbao.audit;

/**
 * One invariant the audit verifies. Features build their checks, {@code AuditConfiguration} lists them in the order
 * they run; each check reads what it needs itself and must not change anything.
 */
public interface AuditCheck {

    /** Short, stable, kebab-case: it is how an operator finds the failing check. */
    String name();

    /** Blocking; runs on a worker thread. A thrown exception counts as a failed check. */
    AuditResult run();
}
