package io.hongbao.audit.application;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs every check, one after another; a check that throws is reported failed rather than aborting the audit. One
 * audit at a time per instance: the periodic one and those asked for over HTTP queue behind each other instead of
 * scanning the same tables side by side.
 */
public final class RunningAudit {

    /** @param millis how long the check took, so that an operator sees which check a long audit spent its time in */
    public record CheckReport(String name, boolean ok, String detail, long millis) {}

    /** @param scope {@code full} or {@code recent} ({@link AuditScope#name()}) */
    public record AuditReport(boolean ok, String scope, List<CheckReport> checks) {

        /** The names of the checks that failed, in the audit's order. */
        public List<String> failedChecks() {
            return checks.stream().filter(c -> !c.ok()).map(CheckReport::name).toList();
        }
    }

    private final List<AuditCheck> checks;
    private final ReentrantLock oneAtATime = new ReentrantLock();

    public RunningAudit(List<AuditCheck> checks) {
        this.checks = List.copyOf(checks);
    }

    /**
     * The checks, run in the order of their names. The order must name every check exactly once and nothing else: a
     * check nobody placed, or a place with no check, fails at start-up rather than running in an accidental order.
     */
    public static RunningAudit inOrder(List<String> order, Collection<? extends AuditCheck> checks) {
        Map<String, AuditCheck> byName = new LinkedHashMap<>();
        for (AuditCheck check : checks) {
            if (byName.put(check.name(), check) != null) {
                throw new IllegalArgumentException("two audit checks are named " + check.name());
            }
        }
        if (new TreeSet<>(order).size() != order.size()) {
            throw new IllegalArgumentException("the audit order names a check twice: " + order);
        }
        var unplaced = new TreeSet<>(byName.keySet());
        order.forEach(unplaced::remove);
        var missing = new TreeSet<>(order);
        missing.removeAll(byName.keySet());
        if (!unplaced.isEmpty() || !missing.isEmpty()) {
            throw new IllegalArgumentException("the audit order must name every check once; not placed: " + unplaced
                    + ", no such check: " + missing);
        }
        return new RunningAudit(order.stream().map(byName::get).toList());
    }

    public AuditReport run(AuditScope scope) {
        oneAtATime.lock();
        try {
            List<CheckReport> reports = new ArrayList<>();
            for (AuditCheck check : checks) {
                long start = System.nanoTime();
                AuditResult result;
                try {
                    result = check.run(scope);
                } catch (RuntimeException e) {
                    result = AuditResult.failed("the check itself failed: " + e);
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                reports.add(new CheckReport(check.name(), result.ok(), result.detail(), millis));
            }
            return new AuditReport(reports.stream().allMatch(CheckReport::ok), scope.name(), reports);
        } finally {
            oneAtATime.unlock();
        }
    }
}
