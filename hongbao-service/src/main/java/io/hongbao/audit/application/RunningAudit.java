package io.hongbao.audit.application;

import io.hongbao.audit.AuditCheck;
import io.hongbao.audit.AuditResult;
import java.util.ArrayList;
import java.util.List;

/** Runs every check, one after another; a check that throws is reported failed rather than aborting the audit. */
public final class RunningAudit {

    public record CheckReport(String name, boolean ok, String detail) {}

    public record AuditReport(boolean ok, List<CheckReport> checks) {}

    private final List<AuditCheck> checks;

    public RunningAudit(List<AuditCheck> checks) {
        this.checks = List.copyOf(checks);
    }

    public AuditReport run() {
        List<CheckReport> reports = new ArrayList<>();
        for (AuditCheck check : checks) {
            AuditResult result;
            try {
                result = check.run();
            } catch (RuntimeException e) {
                result = AuditResult.failed("the check itself failed: " + e);
            }
            reports.add(new CheckReport(check.name(), result.ok(), result.detail()));
        }
        return new AuditReport(reports.stream().allMatch(CheckReport::ok), reports);
    }
}
