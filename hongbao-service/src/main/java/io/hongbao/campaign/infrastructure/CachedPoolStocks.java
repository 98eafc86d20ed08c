package io.hongbao.campaign.infrastructure;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.PoolStocks;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.UnclaimedShares;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * {@link PoolStocks} from the pools' unclaimed shares (the packets' own cheap count), read at most once a second per
 * round on each instance: a crowd watching the counter costs Redis one read of the pools a second per instance,
 * however large it is. A second-old count is what a counter ticking once a second shows anyway.
 */
public final class CachedPoolStocks implements PoolStocks {

    private static final Duration KEPT = Duration.ofSeconds(1);

    private final UnclaimedShares unclaimed;
    /** By the round's first pool, which names it. */
    private final AsyncCache<PacketId, List<Long>> counted =
            Caffeine.newBuilder().expireAfterWrite(KEPT).maximumSize(1_000).buildAsync();

    public CachedPoolStocks(UnclaimedShares unclaimed) {
        this.unclaimed = unclaimed;
    }

    @Override
    public CompletionStage<List<Long>> sharesLeft(CampaignPools round) {
        return counted.get(
                round.pool(0),
                (first, executor) -> unclaimed.count(round.pools()).toCompletableFuture());
    }
}
