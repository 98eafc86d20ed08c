package io.hongbao.campaign.application;

import io.hongbao.campaign.model.CampaignClaims;
import io.hongbao.campaign.model.CampaignPools;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The claims in memory, moved as campaign_claim.lua moves them: only from where they still are, one at a time. */
final class InMemoryClaims implements CampaignClaims {

    private final Map<String, Integer> claims = new HashMap<>();
    private int moves;

    @Override
    public synchronized CompletionStage<OptionalInt> move(
            CampaignPools campaign, int home, long user, OptionalInt from, OptionalInt to) {
        moves++;
        String key = campaign.campaign().value() + ":" + home + ":" + user;
        Integer current = claims.get(key);
        OptionalInt at = current == null ? OptionalInt.empty() : OptionalInt.of(current);
        if (!at.equals(from)) {
            return CompletableFuture.completedFuture(at);
        }
        if (to.isPresent()) {
            claims.put(key, to.getAsInt());
        } else {
            claims.remove(key);
        }
        return CompletableFuture.completedFuture(to);
    }

    synchronized int moves() {
        return moves;
    }
}
