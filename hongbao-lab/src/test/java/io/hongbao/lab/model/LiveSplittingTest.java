package io.hongbao.lab.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LiveSplittingTest {

    @Test
    void everySplitSumsToTheTotalWithEveryShareAtLeastOneCentAndNoneAboveTheDoubleMean() {
        Random random = new Random(20261122L);
        for (int round = 0; round < 5_000; round++) {
            int count = 1 + random.nextInt(200);
            long total = count + (long) random.nextInt(2_000_000);

            List<Long> shares = LiveSplitting.split(total, count, random);

            assertThat(shares).hasSize(count);
            assertThat(shares.stream().mapToLong(Long::longValue).sum()).isEqualTo(total);
            long remaining = total;
            for (int i = 0; i < count; i++) {
                long share = shares.get(i);
                assertThat(share).isPositive();
                if (i < count - 1) {
                    assertThat(share).isLessThanOrEqualTo(2 * remaining / (count - i));
                }
                remaining -= share;
            }
        }
    }

    @Test
    void theLastShareTakesExactlyTheRest() {
        assertThat(LiveSplitting.nextShare(17, 1, 123_456)).isEqualTo(17);
    }

    @Test
    void aShareLeavesACentForEveryShareStillToCome() {
        // 3 cents for 3 shares: the double mean would allow 2, but then a later share would get nothing.
        for (long draw = 0; draw < 10; draw++) {
            assertThat(LiveSplitting.nextShare(3, 3, draw)).isEqualTo(1);
        }
    }

    @Test
    void refusesToSplitLessThanACentPerShare() {
        assertThatThrownBy(() -> LiveSplitting.nextShare(2, 3, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LabPacket(1, 5, List.of(5L, 0L))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LabPacket(1, 6, List.of(5L))).isInstanceOf(IllegalArgumentException.class);
    }
}
