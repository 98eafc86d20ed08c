package io.hongbao.audit.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class PeriodicAuditTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private final AtomicBoolean holds = new AtomicBoolean(true);
    private final List<AuditScope> scopes = new ArrayList<>();
    private final PeriodicAudit periodic = new PeriodicAudit(
            RunningAudit.inOrder(List.of("money"), List.of(check())),
            new AuditScopes(Duration.ofHours(1), CLOCK),
            CLOCK);

    @Test
    void nothingIsReportedBeforeTheFirstRunHasFinished() {
        assertThat(periodic.last()).isEmpty();
    }

    @Test
    void eachRunIsTheRecentAuditAndItsOutcomeIsKeptUntilTheNext() {
        PeriodicAudit.LastAudit passed = periodic.runOnce();
        holds.set(false);
        PeriodicAudit.LastAudit failed = periodic.runOnce();

        assertThat(passed.ok()).isTrue();
        assertThat(failed.ok()).isFalse();
        assertThat(failed.report().failedChecks()).containsExactly("money");
        assertThat(failed.at()).isEqualTo(NOW);
        assertThat(periodic.last()).contains(failed);
        assertThat(scopes).containsOnly(AuditScope.recent(NOW.minus(Duration.ofHours(1))));
    }

    @Test
    void aScopeIsAskedForByItsNameAndAnUnknownNameIsNone() {
        AuditScopes named = new AuditScopes(Duration.ofMinutes(30), CLOCK);

        assertThat(named.named("full")).contains(AuditScope.FULL);
        assertThat(named.named("recent")).contains(AuditScope.recent(NOW.minus(Duration.ofMinutes(30))));
        assertThat(named.named("everything")).isEmpty();
    }

    private AuditCheck check() {
        return new AuditCheck() {
            @Override
            public String name() {
                return "money";
            }

            @Override
            public AuditResult run() {
                throw new AssertionError("the periodic audit runs in a scope");
            }

            @Override
            public AuditResult run(AuditScope scope) {
                scopes.add(scope);
                return holds.get() ? AuditResult.passed("holds") : AuditResult.failed("broken");
            }
        };
    }
}
