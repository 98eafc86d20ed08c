package io.hongbao.audit.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.hongbao.audit.application.RunningAudit.CheckReport;
import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class RunningAuditTest {

    @Test
    void checksRunAndAreReportedInTheOrderOfTheirNames() {
        RunningAudit audit = RunningAudit.inOrder(
                List.of("first", "second", "third"), List.of(passing("third"), passing("first"), passing("second")));

        assertThat(audit.run().checks()).extracting(CheckReport::name).containsExactly("first", "second", "third");
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

        RunningAudit.AuditReport report = audit.run();

        assertThat(report.ok()).isFalse();
        assertThat(report.checks())
                .extracting(CheckReport::name, CheckReport::ok)
                .containsExactly(tuple("broken", false), tuple("fine", true));
        assertThat(report.checks().get(0).detail()).contains("no connection");
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
