package io.hongbao.audit.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.hongbao.audit.application.RunningAudit.CheckReport;
import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class RunningAuditTest {

    @Test
    void checksRunAndAreReportedInTheOrderOfTheirNames() {
        RunningAudit audit = RunningAudit.inOrder(
                List.of("first", "second", "third"), List.of(passing("third"), passing("first"), passing("second")));

        assertThat(audit.run(AuditScope.FULL).checks())
                .extracting(CheckReport::name)
                .containsExactly("first", "second", "third");
    }

    @Test
    void aCheckTheOrderDoesNotNameIsRefused() {
        assertThatThrownBy(() -> RunningAudit.inOrder(List.of("first"), List.of(passing("first"), passing("stray"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not placed: [stray]");
    }

    @Test
    void aNameInTheOrderWithoutItsCheckIsRefused() {
        assertThatThrownBy(() -> RunningAudit.inOrder(List.of("first", "gone"), List.of(passing("first"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no such check: [gone]");
    }

    @Test
    void twoChecksOfOneNameAreRefused() {
        assertThatThrownBy(() -> RunningAudit.inOrder(List.of("twin"), List.of(passing("twin"), passing("twin"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two audit checks are named twin");
    }

    @Test
    void aCheckThatThrowsFailsAloneAndTheOthersStillRun() {
        RunningAudit audit = RunningAudit.inOrder(
                List.of("broken", "fine"),
                List.of(
                        check("broken", () -> {
                            throw new IllegalStateException("no connection");
                        }),
                        passing("fine")));

        RunningAudit.AuditReport report = audit.run(AuditScope.FULL);

        assertThat(report.ok()).isFalse();
        assertThat(report.checks())
                .extracting(CheckReport::name, CheckReport::ok)
                .containsExactly(tuple("broken", false), tuple("fine", true));
        assertThat(report.checks().get(0).detail()).contains("no connection");
    }

    @Test
    void everyCheckRunsInTheScopeItIsGivenAndTheReportNamesTheScope() {
        List<AuditScope> seen = new ArrayList<>();
        AuditCheck scoped = new AuditCheck() {
            @Override
            public String name() {
                return "scoped";
            }

            @Override
            public AuditResult run() {
                return run(AuditScope.FULL);
            }

            @Override
            public AuditResult run(AuditScope scope) {
                seen.add(scope);
                return AuditResult.passed("looked at " + scope.describe());
            }
        };
        RunningAudit audit = RunningAudit.inOrder(List.of("scoped", "whole"), List.of(scoped, passing("whole")));
        AuditScope recent = AuditScope.recent(Instant.parse("2026-11-23T10:00:00Z"));

        RunningAudit.AuditReport report = audit.run(recent);

        assertThat(seen).containsExactly(recent);
        assertThat(report.scope()).isEqualTo("recent");
        assertThat(report.checks().get(0).detail()).isEqualTo("looked at open or closed since 2026-11-23T10:00:00Z");
        assertThat(report.checks().get(1).ok())
                .as("a check that knows no scope runs whole")
                .isTrue();
        assertThat(audit.run(AuditScope.FULL).scope()).isEqualTo("full");
    }

    @Test
    void theFailedChecksAreNamedInTheAuditsOrder() {
        RunningAudit audit = RunningAudit.inOrder(
                List.of("a", "b", "c"),
                List.of(check("c", () -> AuditResult.failed("c broke")), passing("b"), check("a", () -> {
                    throw new IllegalStateException("a broke");
                })));

        assertThat(audit.run(AuditScope.FULL).failedChecks()).containsExactly("a", "c");
    }

    private static AuditCheck passing(String name) {
        return check(name, () -> AuditResult.passed("holds"));
    }

    private static AuditCheck check(String name, Supplier<AuditResult> result) {
        return new AuditCheck() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public AuditResult run() {
                return result.get();
            }
        };
    }
}
