package io.hongbao.lottery.model.draw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.WheelId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A batch's spends are covered in order, each as if its conditional debit ran alone after the ones before it; a keyed
 * spend whose key names an earlier request spends nothing (ADR 0098).
 */
class DrawSpendTest {

    private static final WheelId WHEEL = WheelId.random();
    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final WheelId WHEEL_A = WheelId.random();
    private static final WheelId WHEEL_B = WheelId.random();
    /** The fingerprints of the draw requests on wheels A and B. */
    private static final String FINGERPRINT_A = "a".repeat(64);

    private static final String FINGERPRINT_B = "b".repeat(64);

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

    @Test
    void theSameKeyTwiceInOneBatchSpendsOnceAndTheSecondRepeatsTheFirst() {
        UserId alice = UserId.of(7);
        DrawSpend first = keyed(alice, "k", WHEEL_A);
        DrawSpend second = keyed(alice, "k", WHEEL_A);

        List<SpendVerdict> verdicts = DrawSpend.verdicts(List.of(first, second), Map.of(alice, 100L), Map.of());

        assertThat(verdicts)
                .containsExactly(
                        new SpendVerdict.Paid(),
                        new SpendVerdict.Repeat(first.draw().id()));
    }

    @Test
    void aKeyRecordedByAnEarlierRequestRepeatsItsDrawAndSpendsNothing() {
        UserId alice = UserId.of(7);
        DrawId earlier = DrawId.random();
        DrawSpend repeat = keyed(alice, "k", WHEEL_A);
        DrawSpend other = spend(alice, 10);

        List<SpendVerdict> verdicts = DrawSpend.verdicts(
                List.of(repeat, other),
                Map.of(alice, 10L),
                Map.of(new DrawKey.Held(alice, "k"), new RecordedKey(FINGERPRINT_A, Optional.of(earlier))));

        assertThat(verdicts)
                .as("the repeat leaves the points to the draw after it")
                .containsExactly(new SpendVerdict.Repeat(earlier), new SpendVerdict.Paid());
    }

    @Test
    void aKeyRecordedForAnotherWheelsDrawIsReusedAndSpendsNothing() {
        UserId alice = UserId.of(7);

        List<SpendVerdict> verdicts = DrawSpend.verdicts(
                List.of(keyed(alice, "k", WHEEL_B)),
                Map.of(alice, 100L),
                Map.of(new DrawKey.Held(alice, "k"), new RecordedKey(FINGERPRINT_A, Optional.of(DrawId.random()))));

        assertThat(verdicts).containsExactly(new SpendVerdict.KeyReused());
    }

    @Test
    void theSameKeyForTwoWheelsInOneBatchSpendsForTheFirstAndRefusesTheSecond() {
        UserId alice = UserId.of(7);

        List<SpendVerdict> verdicts = DrawSpend.verdicts(
                List.of(keyed(alice, "k", WHEEL_A), keyed(alice, "k", WHEEL_B)), Map.of(alice, 100L), Map.of());

        assertThat(verdicts).containsExactly(new SpendVerdict.Paid(), new SpendVerdict.KeyReused());
    }

    @Test
    void keysAreTheirCallersSoTwoUsersSameKeyAreTwoRequests() {
        UserId alice = UserId.of(7);
        UserId bob = UserId.of(8);

        List<SpendVerdict> verdicts = DrawSpend.verdicts(
                List.of(keyed(alice, "k", WHEEL_A), keyed(bob, "k", WHEEL_A)), Map.of(alice, 10L, bob, 10L), Map.of());

        assertThat(verdicts).containsExactly(new SpendVerdict.Paid(), new SpendVerdict.Paid());
    }

    @Test
    void aRepeatInTheBatchOfAFirstThePointsDidNotCoverIsRefusedAsItWas() {
        UserId alice = UserId.of(7);

        List<SpendVerdict> verdicts = DrawSpend.verdicts(
                List.of(keyed(alice, "k", WHEEL_A), keyed(alice, "k", WHEEL_A)), Map.of(alice, 5L), Map.of());

        assertThat(verdicts).containsExactly(new SpendVerdict.NotCovered(), new SpendVerdict.NotCovered());
    }

    @Test
    void aKeyIsOneToSixtyFourCharactersWithASha256Fingerprint() {
        assertThatThrownBy(() -> new DrawKey("", FINGERPRINT_A)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DrawKey("k".repeat(65), FINGERPRINT_A))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DrawKey("k", "not hex")).isInstanceOf(IllegalArgumentException.class);
    }

    private static DrawSpend keyed(UserId user, String key, WheelId wheel) {
        return new DrawSpend(
                new PendingDraw(DrawId.random(), wheel, user, NOW),
                10,
                Optional.of(new DrawKey(key, wheel.equals(WHEEL_A) ? FINGERPRINT_A : FINGERPRINT_B)));
    }

    private static DrawSpend spend(UserId user, long cost) {
        return new DrawSpend(new PendingDraw(DrawId.random(), WHEEL, user, NOW), cost);
    }
}
