package io.hongbao.campaign.model;

import java.util.OptionalInt;
import java.util.concurrent.CompletionStage;

/**
 * Where each person's claim on a campaign lives once they left their home pool (ADR 0103): at most one pool per person
 * and campaign, moved only from a pool that answered them sold out.
 */
public interface CampaignClaims {

    /**
     * Moves the person's claim from {@code from} ({@link OptionalInt#empty()}: their home pool, where it is while none
     * is recorded) to {@code to} (empty: none, the walk ended), if it is still at {@code from}; atomically.
     *
     * @return where the claim is after the call: {@code to} if it moved, else where another walk of the same person
     *     put it (empty: home, or nowhere once a walk ended)
     */
    CompletionStage<OptionalInt> move(CampaignPools campaign, int home, long user, OptionalInt from, OptionalInt to);
}
