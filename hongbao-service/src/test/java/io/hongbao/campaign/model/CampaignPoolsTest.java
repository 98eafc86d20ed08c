package io.hongbao.campaign.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.PacketId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CampaignPoolsTest {

    private final CampaignPools pools = pools(16);

    @Test
    void usersNumberedInARowSpreadEvenlyOverTheHomePools() {
        int[] homes = new int[pools.size()];
        int users = 160_000;
        for (long user = 1; user <= users; user++) {
            homes[pools.home(UserId.of(user))]++;
        }

        int mean = users / pools.size();
        assertThat(java.util.Arrays.stream(homes).boxed().toList())
                .allSatisfy(count -> assertThat(count).isBetween(mean * 97 / 100, mean * 103 / 100));
    }

    @Test
    void aPersonsHomeIsTheSameEveryTime() {
        assertThat(pools(16).home(UserId.of(42))).isEqualTo(pools.home(UserId.of(42)));
    }

    @Test
    void theWalkGoesRoundFromHomeSkippingKnownEmptyPoolsAndEndsBeforeComingBack() {
        Set<Integer> empty = Set.of(5, 7);
        List<Integer> walk = new ArrayList<>();
        for (int at = pools.next(14, 14, empty::contains); at >= 0; at = pools.next(14, at, empty::contains)) {
            walk.add(at);
        }

        assertThat(walk).containsExactly(15, 0, 1, 2, 3, 4, 6, 8, 9, 10, 11, 12, 13);
    }

    @Test
    void aWalkWithEveryOtherPoolKnownEmptyEndsAtOnce() {
        assertThat(pools.next(3, 3, pool -> pool != 3)).isEqualTo(-1);
    }

    private static CampaignPools pools(int count) {
        return new CampaignPools(
                new CampaignId("c1"),
                0,
                IntStream.range(0, count).mapToObj(i -> new PacketId("p" + i)).toList(),
                Instant.EPOCH,
                Instant.EPOCH.plusSeconds(60));
    }
}
