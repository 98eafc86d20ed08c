package io.hongbao.audit.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.audit.application.AuditScopes;
import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

class AuditHealthIndicatorTest {

    private final AtomicBoolean holds = new AtomicBoolean(true);
    private final PeriodicAudit periodic = new PeriodicAudit(
            RunningAudit.inOrder(List.of("money"), List.of(check())),
            new AuditScopes(Duration.ofHours(1), Clock.systemUTC()),
            Clock.systemUTC());
    private final AuditHealthIndicator health = new AuditHealthIndicator(periodic);

    @Test
    void unknownBeforeTheFirstRunUpWhenItPassedFailedWhenACheckFailed() {
        assertThat(health.health().getStatus()).isEqualTo(Status.UNKNOWN);

        periodic.runOnce();
        assertThat(health.health().getStatus()).isEqualTo(Status.UP);

        holds.set(false);
        periodic.runOnce();
        Health failed = health.health();
        assertThat(failed.getStatus()).isEqualTo(AuditHealthIndicator.FAILED);
        assertThat(failed.getDetails())
                .containsEntry("scope", "recent")
                .containsEntry("failedChecks", List.of("money"))
                .containsKeys("at", "tookMillis");
        assertThat(failed.getDetails().values()).as("no figures of the check").doesNotContain("1 cent too many");
    }

    @Test
    void theDetailsOfAPassedAuditSayWhenAndHowLong() {
        periodic.runOnce();

        Map<String, Object> details = health.health().getDetails();

        assertThat(details).containsEntry("failedChecks", List.of()).containsKeys("at", "tookMillis", "scope");
    }

    private AuditCheck check() {
        return new AuditCheck() {
            @Override
            public String name() {
                return "money";
            }

            @Override
            public AuditResult run() {
                return holds.get() ? AuditResult.passed("holds") : AuditResult.failed("1 cent too many");
            }
        };
    }
}
