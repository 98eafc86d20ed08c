package io.hongbao.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.chaos.ServiceRecords.Grab;
import io.hongbao.bench.chaos.ServiceRecords.Leg;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChaosJudgeTest {

    private static final Grab LOCAL = new Grab("p1", 7, 120);
    private static final Grab ACROSS = new Grab("p1", 8, 80);

    @Test
    void aGrabWithItsTwoLocalLegsOrItsFourLegsThroughTransitIsWhole() {
        List<Leg> legs = List.of(
                new Leg("grab:p1:7", "escrow:p1", -120),
                new Leg("grab:p1:7", "user:7", 120),
                new Leg("grab:p1:8", "escrow:p1", -80),
                new Leg("grab:p1:8", "transit:escrow:p1", 80),
                new Leg("grab:p1:8", "transit:user:8", -80),
                new Leg("grab:p1:8", "user:8", 80));

        assertThat(ChaosJudge.halfWrittenOf(legs, List.of(LOCAL, ACROSS))).isZero();
    }

    @Test
    void aGrabAcrossShardsWhoseSecondStepIsMissingIsHalfWritten() {
        List<Leg> legs = List.of(new Leg("grab:p1:8", "escrow:p1", -80), new Leg("grab:p1:8", "transit:escrow:p1", 80));

        assertThat(ChaosJudge.halfWrittenOf(legs, List.of(ACROSS))).isOne();
    }

    @Test
    void legsWithoutTheirGrabRowOrAWrongAmountAreHalfWritten() {
        List<Leg> legs = List.of(
                new Leg("grab:p1:7", "escrow:p1", -120),
                new Leg("grab:p1:7", "user:7", 100),
                new Leg("grab:p2:9", "escrow:p2", -50),
                new Leg("grab:p2:9", "user:9", 50));

        assertThat(ChaosJudge.halfWrittenOf(legs, List.of(LOCAL))).isEqualTo(2);
    }
}
