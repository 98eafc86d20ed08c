package io.hongbao.campaign.model;

import java.util.concurrent.CompletionStage;

/**
 * Where each person's claim on a round lives once it left their home pool (ADR 0103): at most one pool per person and
 * round, moved only from a pool that answered them sold out, or closed once the round is over for them.
 */
public interface CampaignClaims {

    /**
     * Moves the person's claim on {@code round} from {@code from} to {@code to} if it is still at {@code from};
     * atomically. Moving to {@link ClaimPlace#HOME} ends a walk that found no pool left.
     *
     * @return where the claim is after the call: {@code to} if it moved, else where another grab of the same person put
     *     it
     */
    CompletionStage<ClaimPlace> move(CampaignPools round, int home, long user, ClaimPlace from, ClaimPlace to);
}
