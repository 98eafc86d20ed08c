package io.hongbao.lab.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabAudit.GrabRecord;
import io.hongbao.lab.model.LabAudit.PacketBalance;
import io.hongbao.lab.model.LabOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

class JudgingTest {

    private static final long PACKET = 7;

    @Test
    void aCleanRunIsCorrect() {
        LabAudit audit = audit(0, List.of(new GrabRecord(PACKET, 1, 60), new GrabRecord(PACKET, 2, 40)));

        Verdict verdict = Judging.judge(
                audit,
                List.of(
                        granted(1, 60, 0, 1),
                        granted(2, 40, 2, 3),
                        new Attempt(PACKET, 2, LabOutcome.ALREADY_GRABBED, 4, 5),
                        new Attempt(PACKET, 3, LabOutcome.SOLD_OUT, 6, 7)));

        assertThat(verdict).isEqualTo(new Verdict(4, 2, 2, 0, 0, true, 0));
        assertThat(verdict.correct()).isTrue();
    }

    @Test
    void countsGrantsBeyondTheShareCountAsOverIssued() {
        LabAudit audit = audit(
                0, List.of(new GrabRecord(PACKET, 1, 60), new GrabRecord(PACKET, 2, 40), new GrabRecord(PACKET, 3, 1)));

        Verdict verdict =
                Judging.judge(audit, List.of(granted(1, 60, 0, 1), granted(2, 40, 0, 1), granted(3, 1, 0, 1)));

        assertThat(verdict.overIssued()).isEqualTo(1);
        assertThat(verdict.conserved()).isFalse();
        assertThat(verdict.correct()).isFalse();
    }

    @Test
    void countsASecondGrantToTheSameUserAsADuplicate() {
        LabAudit audit = audit(0, List.of(new GrabRecord(PACKET, 1, 60), new GrabRecord(PACKET, 2, 40)));

        Verdict verdict =
                Judging.judge(audit, List.of(granted(1, 60, 0, 1), granted(1, 60, 0, 1), granted(2, 40, 0, 1)));

        assertThat(verdict.duplicateGrabs()).isEqualTo(1);
        assertThat(verdict.correct()).isFalse();
    }

    @Test
    void aGrantMissingFromTheDatabaseOrWithAnotherAmountIsNotPersisted() {
        LabAudit audit = audit(40, List.of(new GrabRecord(PACKET, 1, 59)));

        Verdict verdict = Judging.judge(audit, List.of(granted(1, 60, 0, 1), granted(2, 40, 0, 1)));

        assertThat(verdict.persisted()).isZero();
        assertThat(verdict.conserved()).isFalse();
        assertThat(verdict.correct()).isFalse();
    }

    @Test
    void soldOutIsUnfairWhenAGrantStartedAfterItOrMoneyIsLeft() {
        LabAudit audit = audit(0, List.of(new GrabRecord(PACKET, 1, 60), new GrabRecord(PACKET, 2, 40)));

        Verdict verdict = Judging.judge(
                audit,
                List.of(
                        new Attempt(PACKET, 3, LabOutcome.SOLD_OUT, 0, 10), // answered before a later grant began
                        granted(1, 60, 11, 20),
                        new Attempt(PACKET, 4, LabOutcome.SOLD_OUT, 12, 25), // overlaps the last grant: not counted
                        granted(2, 40, 15, 30)));

        assertThat(verdict.unfairMisses()).isEqualTo(1);

        LabAudit moneyLeft = audit(40, List.of(new GrabRecord(PACKET, 1, 60)));
        Verdict gaveUp = Judging.judge(
                moneyLeft, List.of(granted(1, 60, 0, 1), new Attempt(PACKET, 2, LabOutcome.SOLD_OUT, 2, 3)));
        assertThat(gaveUp.unfairMisses()).isEqualTo(1);
        assertThat(gaveUp.correct()).isTrue();
    }

    private static LabAudit audit(long remaining, List<GrabRecord> grabs) {
        return new LabAudit(List.of(new PacketBalance(PACKET, 100, 2, remaining)), grabs);
    }

    private static Attempt granted(long user, long amount, long started, long answered) {
        return new Attempt(PACKET, user, new LabOutcome.Granted(amount), started, answered);
    }
}
