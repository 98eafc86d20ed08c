package io.hongbao.campaign.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.redpacket.model.Share;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CampaignSplitTest {

    @Test
    void randomSharesAddUpToTheTotalExactlyAndStayWithinTheirBounds() {
        for (long seed = 0; seed < 50; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int shares = 1 + random.nextInt(5_000);
            int pools = 1 + random.nextInt(Math.min(shares, 64));
            long min = 1 + random.nextInt(50);
            long max = min + random.nextInt(500);
            long total = shares * min + random.nextLong(shares * (max - min) + 1);

            List<List<Share>> split =
                    CampaignSplit.pools(new ShareRule.RandomBetween(min, max), total, shares, pools, random);

            assertThat(split).hasSize(pools);
            assertThat(split.stream().mapToInt(List::size).sum()).isEqualTo(shares);
            assertThat(split.stream()
                            .flatMap(List::stream)
                            .mapToLong(Share::amount)
                            .sum())
                    .as("seed %d", seed)
                    .isEqualTo(total);
            assertThat(split.stream().flatMap(List::stream))
                    .allSatisfy(share -> assertThat(share.amount()).isBetween(min, max));
        }
    }

    @Test
    void poolsDifferByAtMostOneShareAndTheirSumsAreTheirPartOfTheTotal() {
        List<List<Share>> split = CampaignSplit.pools(
                new ShareRule.RandomBetween(1, 1_000), 1_000_003, 10_007, 16, new SplittableRandom(7));

        int fewest = split.stream().mapToInt(List::size).min().orElseThrow();
        int most = split.stream().mapToInt(List::size).max().orElseThrow();
        assertThat(most - fewest).isLessThanOrEqualTo(1);
        for (List<Share> pool : split) {
            long sum = pool.stream().mapToLong(Share::amount).sum();
            double part = 1_000_003.0 * pool.size() / 10_007;
            assertThat((double) sum).isCloseTo(part, org.assertj.core.data.Offset.offset(1.0));
        }
    }

    @Test
    void aTotalAtItsBoundsCutsIntoSharesAllAtThatBound() {
        List<List<Share>> atMax =
                CampaignSplit.pools(new ShareRule.RandomBetween(5, 9), 9 * 1_000, 1_000, 7, new SplittableRandom(1));
        List<List<Share>> atMin =
                CampaignSplit.pools(new ShareRule.RandomBetween(5, 9), 5 * 1_000, 1_000, 7, new SplittableRandom(1));

        assertThat(atMax.stream().flatMap(List::stream))
                .allSatisfy(share -> assertThat(share.amount()).isEqualTo(9));
        assertThat(atMin.stream().flatMap(List::stream))
                .allSatisfy(share -> assertThat(share.amount()).isEqualTo(5));
    }

    @Test
    void equalSharesAreAllTheSame() {
        List<List<Share>> split =
                CampaignSplit.pools(new ShareRule.Equal(), 88 * 1_001, 1_001, 10, new SplittableRandom(1));

        assertThat(split.stream().flatMap(List::stream))
                .allSatisfy(share -> assertThat(share.amount()).isEqualTo(88));
        assertThat(split.stream().mapToInt(List::size).sum()).isEqualTo(1_001);
    }

    @Test
    void aTotalTheRuleCannotCutIsRefused() {
        assertThatThrownBy(() -> CampaignSplit.pools(new ShareRule.Equal(), 1_001, 10, 2, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        CampaignSplit.pools(new ShareRule.RandomBetween(10, 20), 99, 10, 2, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        CampaignSplit.pools(new ShareRule.RandomBetween(10, 20), 201, 10, 2, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CampaignSplit.pools(new ShareRule.Equal(), 100, 10, 11, new SplittableRandom(1)))
                .as("more pools than shares")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theLargestCampaignIsCutExactly() {
        int shares = OpenCampaignCommand.MAX_SHARES;
        long total = 3L * shares + 12_345;

        List<List<Share>> split =
                CampaignSplit.pools(new ShareRule.RandomBetween(1, 10), total, shares, 256, new SplittableRandom(3));

        assertThat(split.stream()
                        .mapToLong(
                                pool -> pool.stream().mapToLong(Share::amount).sum())
                        .sum())
                .isEqualTo(total);
    }

    @Test
    void roundsTakeTheirPartOfTheTotalByTheirSharesAndEveryShareStaysWithinItsBounds() {
        ShareRule rule = new ShareRule.RandomBetween(5, 60);
        int[] rounds = {1_000, 3, 2_500};

        List<List<List<Share>>> split = CampaignSplit.rounds(rule, 100_003, rounds, 16, new SplittableRandom(4));

        long total = 0;
        for (int round = 0; round < rounds.length; round++) {
            List<Share> shares = split.get(round).stream().flatMap(List::stream).toList();
            assertThat(shares).hasSize(rounds[round]);
            assertThat(shares).allSatisfy(share -> assertThat(share.amount()).isBetween(5L, 60L));
            assertThat(split.get(round)).hasSize(Math.min(16, rounds[round]));
            total += shares.stream().mapToLong(Share::amount).sum();
        }
        assertThat(total).isEqualTo(100_003);
    }
}
