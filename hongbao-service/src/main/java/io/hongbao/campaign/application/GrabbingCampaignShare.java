package io.hongbao.campaign.application;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.CampaignClaims;
import io.hongbao.campaign.model.CampaignGrab;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.KnownCampaigns;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.RedPacketGrabs;
import java.util.BitSet;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A person grabs a share of a campaign (ADR 0103): one grab on their home pool, and only when it is sold out a walk
 * over the other pools. Every step is one atomic call in one Redis slot; none spans two.
 *
 * <p>Why nobody gets two shares: a grab answers sold out only to someone who holds no share of that pool (the grab
 * script answers ALREADY_GRABBED first), and a sold-out pool stays sold out. A person's claim leaves home, and later
 * each pool it moves to, only after that pool answered them sold out ({@link CampaignClaims#move} moves it only from
 * where it still is); so at any time the pools they may still be granted in are their home while the claim is there,
 * and the one pool it points to: one at most, and the grant there is found again by any later grab (ALREADY_GRABBED).
 *
 * <p>Why sold out is true when it is said: the walk passes a pool only once it answered sold out, on this walk or to
 * anyone on this instance before ({@link #knownEmpty}); sold out for good. So when a walk runs out of pools, every pool
 * is empty at that moment: no share is left anywhere, and none can come back. Shares a grab took and Redis lost in a
 * failover are the one exception, as for every packet (docs/design.md, Not guaranteed).
 *
 * <p>Non-blocking: it answers on the thread that completes the last Redis call.
 */
public final class GrabbingCampaignShare {

    /** More moves than pools means other walks of the same person keep moving the claim: let the person retry. */
    private static final int MOVES_PER_POOL = 2;

    private final KnownCampaigns campaigns;
    private final RedPacketGrabs grabs;
    private final CampaignClaims claims;
    /** Per campaign, the pools this instance has seen answer sold out: they never refill. */
    private final Map<CampaignId, BitSet> knownEmpty = new ConcurrentHashMap<>();

    public GrabbingCampaignShare(KnownCampaigns campaigns, RedPacketGrabs grabs, CampaignClaims claims) {
        this.campaigns = campaigns;
        this.grabs = grabs;
        this.claims = claims;
    }

    /** A grab of campaign {@code id}; {@link CampaignGrab.NoSuchCampaign} when nobody opened it. */
    public CompletionStage<CampaignGrab> grab(CampaignId id, UserId user) {
        return campaigns
                .pools(id)
                .thenCompose(
                        pools -> pools.isPresent() ? grab(pools.get(), user) : done(new CampaignGrab.NoSuchCampaign()));
    }

    public CompletionStage<CampaignGrab> grab(CampaignPools pools, UserId user) {
        int home = pools.home(user);
        Walk walk = new Walk(pools, user, home);
        return grabs.grab(pools.pool(home), user).thenCompose(outcome -> answer(walk, home, outcome));
    }

    /**
     * What pool {@code pool}'s grab answered: a share (new or earlier) is the answer, sold out moves the claim on, the
     * rest settle the grab.
     */
    private CompletionStage<CampaignGrab> answer(Walk walk, int pool, GrabOutcome outcome) {
        if (outcome instanceof GrabOutcome.Grabbed granted) {
            return done(new CampaignGrab.Granted(granted.amount(), pool));
        }
        if (outcome instanceof GrabOutcome.AlreadyGrabbed earlier) {
            return done(new CampaignGrab.AlreadyGranted(earlier.amount()));
        }
        if (outcome instanceof GrabOutcome.SoldOut) {
            soldOut(walk.pools, pool);
            // The first answer is the home grab's: the claim is at home, where no record of it is kept.
            return move(walk, walk.moves == 0 ? OptionalInt.empty() : OptionalInt.of(pool));
        }
        if (outcome instanceof GrabOutcome.Expired) {
            return done(new CampaignGrab.Ended());
        }
        if (outcome instanceof GrabOutcome.NotAMember) {
            return done(new CampaignGrab.NotInAudience());
        }
        // The pools' grab rebuilds a pool Redis lost from the database; one the database does not know either is not a
        // pool of this campaign any more than a typo is: nothing was decided.
        return done(new CampaignGrab.TryAgain("pool " + pool + " is not live in Redis"));
    }

    /** Whether this instance has seen pool {@code index} of the campaign answer sold out (for /ops and tests). */
    public boolean knownEmpty(CampaignId campaign, int index) {
        BitSet empty = knownEmpty.get(campaign);
        if (empty == null) {
            return false;
        }
        synchronized (empty) {
            return empty.get(index);
        }
    }

    /** Moves the claim on from {@code from} (empty: home), then grabs where it is. */
    private CompletionStage<CampaignGrab> move(Walk walk, OptionalInt from) {
        if (++walk.moves > MOVES_PER_POOL * walk.pools.size()) {
            return done(new CampaignGrab.TryAgain("the claim kept moving under other grabs of the same person"));
        }
        int after = from.isPresent() ? from.getAsInt() : walk.home;
        int next = walk.pools.next(walk.home, after, index -> knownEmpty(walk.pools.campaign(), index));
        OptionalInt to = next < 0 ? OptionalInt.empty() : OptionalInt.of(next);
        return claims.move(walk.pools, walk.home, walk.user.value(), from, to)
                .thenCompose(at -> at.isEmpty() ? atHomeOrNowhere(walk, from, to) : visit(walk, at.getAsInt()));
    }

    /**
     * The claim is at home, where no record of it is kept: our move ended the walk ({@code to} empty), or another walk
     * of the same person ended it while ours stood on a pool that walk had already left.
     */
    private CompletionStage<CampaignGrab> atHomeOrNowhere(Walk walk, OptionalInt from, OptionalInt to) {
        if (to.isEmpty() || from.isPresent()) {
            // Our move ended the walk, or another walk of this person ended it while ours was on a pool it had left:
            // either way every pool answered sold out to some walk of theirs.
            return done(new CampaignGrab.SoldOut());
        }
        // We asked to leave home and the claim is still at home: cannot happen (a move from home takes when the claim
        // is there); answer nothing decided rather than guess.
        return done(new CampaignGrab.TryAgain("the claim was neither moved nor elsewhere"));
    }

    private CompletionStage<CampaignGrab> visit(Walk walk, int pool) {
        return grabs.grab(walk.pools.pool(pool), walk.user).thenCompose(outcome -> answer(walk, pool, outcome));
    }

    private void soldOut(CampaignPools pools, int index) {
        BitSet empty = knownEmpty.computeIfAbsent(pools.campaign(), campaign -> new BitSet(pools.size()));
        synchronized (empty) {
            empty.set(index);
        }
    }

    private static CompletionStage<CampaignGrab> done(CampaignGrab grab) {
        return CompletableFuture.completedFuture(grab);
    }

    /** One person's walk over one campaign's pools. */
    private static final class Walk {
        final CampaignPools pools;
        final UserId user;
        final int home;
        int moves;

        Walk(CampaignPools pools, UserId user, int home) {
            this.pools = pools;
            this.user = user;
            this.home = home;
        }
    }
}
