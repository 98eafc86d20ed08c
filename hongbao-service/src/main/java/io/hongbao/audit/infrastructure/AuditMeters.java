package io.hongbao.audit.infrastructure;

import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.audit.application.PeriodicAudit.LastAudit;
import io.hongbao.audit.application.RunningAudit.CheckReport;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The last periodic audit as gauges, read when scraped: {@code hongbao_audit_ok} (1 passed, 0 failed),
 * {@code hongbao_audit_check_ok{check}} per check, {@code hongbao_audit_last_run_timestamp_seconds} and
 * {@code hongbao_audit_duration_seconds}. Each is NaN until the first run has finished, so that "not run yet" is never
 * read as "passed"; an alert on {@code hongbao_audit_ok == 0} and on a stale timestamp covers both ways it goes wrong.
 */
public final class AuditMeters {

    private AuditMeters() {}

    public static void register(MeterRegistry registry, PeriodicAudit audit, List<String> checks) {
        gauge(
                        registry,
                        "hongbao.audit.ok",
                        "1 when the last periodic audit passed, 0 when a check failed",
                        audit,
                        l -> l.ok() ? 1 : 0)
                .register(registry);
        gauge(
                        registry,
                        "hongbao.audit.last.run.timestamp",
                        "when the last periodic audit finished",
                        audit,
                        l -> l.at().toEpochMilli() / 1000.0)
                .baseUnit("seconds")
                .register(registry);
        gauge(
                        registry,
                        "hongbao.audit.duration",
                        "how long the last periodic audit took",
                        audit,
                        l -> l.took().toNanos() / 1e9)
                .baseUnit("seconds")
                .register(registry);
        for (String check : checks) {
            gauge(
                            registry,
                            "hongbao.audit.check.ok",
                            "1 when the check passed in the last periodic audit",
                            audit,
                            l -> checkOk(l, check))
                    .tag("check", check)
                    .register(registry);
        }
    }

    private static Gauge.Builder<PeriodicAudit> gauge(
            MeterRegistry registry,
            String name,
            String description,
            PeriodicAudit audit,
            ToDoubleFunction<LastAudit> value) {
        return Gauge.builder(
                        name, audit, a -> a.last().map(value::applyAsDouble).orElse(Double.NaN))
                .description(description);
    }

    private static double checkOk(LastAudit last, String check) {
        return last.report().checks().stream()
                .filter(c -> c.name().equals(check))
                .findFirst()
                .map(CheckReport::ok)
                .map(ok -> ok ? 1.0 : 0.0)
                .orElse(Double.NaN);
    }
}
