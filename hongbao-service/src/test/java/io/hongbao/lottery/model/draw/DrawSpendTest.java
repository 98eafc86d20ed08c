package io.hongbao.lottery.model.draw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.WheelId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A batch's spends are covered in order, each as if its conditional debit ran alone after the ones before it. */
class DrawSpendTest {

    private static final WheelId WHEEL = WheelId.random();
    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");

    @Test
    void twoDrawsOfAUserWhoCanPayForOneAreCoveredOnceTheFirst() {
        UserId alice = UserId.of(7);

        boolean[] covered = DrawSpend.covered(List.of(spend(alice, 10), spend(alice, 10)), Map.of(alice, 15L));

        assertThat(covered).containsExactly(true, false);
    }

    @Test
    void eachDrawerPaysFromTheirOwnPointsAndAnUnknownDrawerHasNone() {
        UserId alice = UserId.of(7);
        UserId bob = UserId.of(8);
        UserId carol = UserId.of(9);

        boolean[] covered = DrawSpend.covered(
                List.of(spend(alice, 10), spend(bob, 10), spend(alice, 10), spend(carol, 10), spend(bob, 10)),
                Map.of(alice, 20L, bob, 10L));

        assertThat(covered).containsExactly(true, true, true, false, false);
    }

    @Test
    void aCheaperLaterDrawIsStillCoveredAfterADearerOneWasNot() {
        UserId alice = UserId.of(7);

        boolean[] covered = DrawSpend.covered(List.of(spend(alice, 30), spend(alice, 10)), Map.of(alice, 20L));

        assertThat(covered).containsExactly(false, true);
    }

    @Test
    void aSpendRefusesANegativeCost() {
        assertThatThrownBy(() -> spend(UserId.of(7), -1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static DrawSpend spend(UserId user, long cost) {
        return new DrawSpend(new PendingDraw(DrawId.random(), WHEEL, user, NOW), cost);
    }
}
