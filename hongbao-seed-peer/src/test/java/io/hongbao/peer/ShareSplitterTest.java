package io.hongbao.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShareSplitterTest {

    @Test
    void everySplitAddsUpAndGivesEveryShareAtLeastACent() {
        Random seeds = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            int count = 1 + seeds.nextInt(1000);
            long total = count + (long) seeds.nextInt(200_000);
            List<Long> shares = ShareSplitter.split(total, count, new Random(seeds.nextLong()));
            assertThat(shares)
                    .hasSize(count)
                    .allSatisfy(share -> assertThat(share).isPositive());
            assertThat(shares.stream().mapToLong(Long::longValue).sum()).isEqualTo(total);
        }
    }

    @Test
    void aTotalOfOneCentPerShareSplitsEqually() {
        assertThat(ShareSplitter.split(5, 5, new Random(1))).containsOnly(1L);
    }

    @Test
    void refusesFewerCentsThanShares() {
        assertThatThrownBy(() -> ShareSplitter.split(4, 5, new Random(1))).isInstanceOf(IllegalArgumentException.class);
    }
}
