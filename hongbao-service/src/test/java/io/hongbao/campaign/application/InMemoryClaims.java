package io.hongbao.campaign.application;

import io.hongbao.campaign.model.CampaignClaims;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.ClaimPlace;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The claims in memory, moved as campaign_claim.lua moves them: only from where they still are, one at a time. */
final class InMemoryClaims implements CampaignClaims {

    private final Map<String, ClaimPlace> claims = new HashMap<>();
    private int moves;

    @Override
    public synchronized CompletionStage<ClaimPlace> move(
            CampaignPools round, int home, long user, ClaimPlace from, ClaimPlace to) {
        moves++;
        String key = round.campaign().value() + ":" + round.round() + ":" + home + ":" + user;
        ClaimPlace at = claims.getOrDefault(key, ClaimPlace.HOME);
        if (!at.equals(from)) {
            return CompletableFuture.completedFuture(at);
        }
        if (to.atHome()) {
            claims.remove(key);
        } else {
            claims.put(key, to);
        }
        return CompletableFuture.completedFuture(to);
    }

    synchronized int moves() {
        return moves;
    }
}
