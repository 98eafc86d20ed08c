package io.hongbao.redpacket.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SplittingTest {

    private static final int PAIRS = 20_000;

    /**
     * Property test over seeded random (total, count) pairs: count shares numbered 0..count-1, every share at least a
     * cent, Σ = total, and every share but the last no larger than the double-mean cap at its turn.
     */
    @Test
    void everyRandomSplitIsWholeFairAndWithinTheDoubleMeanCap() {
        Random pairs = new Random(20261122L);
        for (int i = 0; i < PAIRS; i++) {
            int count = 1 + pairs.nextInt(i % 10 == 0 ? 1000 : 50);
            long total = count + (long) pairs.nextInt(i % 3 == 0 ? 2_000_000 - count + 1 : 5 * count + 1);
            List<Share> shares = Splitting.split(PacketType.RANDOM, total, count, new SplittableRandom(i));

            assertThat(shares).hasSize(count);
            long remaining = total;
            for (int seq = 0; seq < count; seq++) {
                Share share = shares.get(seq);
                assertThat(share.seq()).isEqualTo(seq);
                assertThat(share.amount())
                        .as("share %d of %d/%d", seq, total, count)
                        .isGreaterThanOrEqualTo(1);
                if (seq < count - 1) {
                    assertThat(share.amount())
                            .as("share %d of %d/%d within the cap", seq, total, count)
                            .isLessThanOrEqualTo(Splitting.cap(remaining, count - seq));
                }
                remaining -= share.amount();
            }
            assertThat(remaining).as("Σ of %d/%d", total, count).isZero();
        }
    }

    @Test
    void theSmallestPossiblePacketsGiveOneCentEach() {
        for (int count = 1; count <= 200; count++) {
            List<Share> shares = Splitting.split(PacketType.RANDOM, count, count, new SplittableRandom(count));
            assertThat(shares).allSatisfy(share -> assertThat(share.amount()).isEqualTo(1));
        }
    }

    @Test
    void aRandomSplitActuallyVaries() {
        List<Share> shares = Splitting.split(PacketType.RANDOM, 100_000, 100, new SplittableRandom(7));
        assertThat(shares.stream().mapToLong(Share::amount).distinct().count()).isGreaterThan(10);
    }

    @Test
    void theSameSeedGivesTheSameSplit() {
        assertThat(Splitting.split(PacketType.RANDOM, 10_000, 10, new SplittableRandom(42)))
                .isEqualTo(Splitting.split(PacketType.RANDOM, 10_000, 10, new SplittableRandom(42)));
    }

    @Test
    void anEqualSplitGivesEveryoneTheSame() {
        List<Share> shares = Splitting.split(PacketType.EQUAL, 1_000, 8, new SplittableRandom(1));
        assertThat(shares)
                .hasSize(8)
                .allSatisfy(share -> assertThat(share.amount()).isEqualTo(125));
    }

    @Test
    void anEqualSplitRefusesATotalThatDoesNotDivide() {
        assertThatThrownBy(() -> Splitting.split(PacketType.EQUAL, 1_000, 3, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void noSplitGivesLessThanACentAShare() {
        assertThatThrownBy(() -> Splitting.split(PacketType.RANDOM, 9, 10, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Splitting.split(PacketType.RANDOM, 10, 0, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
