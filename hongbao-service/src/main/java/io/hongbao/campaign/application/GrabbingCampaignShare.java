package io.hongbao.campaign.application;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.CampaignClaims;
import io.hongbao.campaign.model.CampaignGrab;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.ClaimPlace;
import io.hongbao.campaign.model.KnownCampaigns;
import io.hongbao.campaign.model.LiveCampaign;
import io.hongbao.campaign.model.OncePer;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import java.time.Clock;
import java.util.BitSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A person grabs a share of a campaign (ADR 0103): in the round that is on, one grab on their home pool, and only when
 * it is sold out a walk over the round's other pools. Every step is one atomic call in one Redis slot; none spans two.
 *
 * <p>Why nobody gets two shares of a round: a grab answers sold out only to someone who holds no share of that pool
 * (the grab script answers ALREADY_GRABBED first), and a sold-out pool stays sold out. A person's claim leaves home, and
 * later each pool it moves to, only after that pool answered them sold out ({@link CampaignClaims#move} moves it only
 * from where it still is); so at any time the pools they may still be granted in are their home while the claim is
 * there, and the one pool it points to: one at most, and the grant there is found again by any later grab
 * (ALREADY_GRABBED).
 *
 * <p>Why nobody gets two shares of a campaign that allows one in all its rounds: before a grab in a later round, each
 * earlier round is closed for the person. Its pools expire at its end by Redis' own clock, after which they grant
 * nothing; the close asks the pool the person's claim is at (a share there answers ALREADY_GRABBED) and, when it answers
 * expired, moves the claim to closed, only if it is still there. A walk of that round still under way can then move the
 * claim nowhere else, so no share of the round can be taken after the close found none.
 *
 * <p>Why sold out is true when it is said: the walk passes a pool only once it answered sold out, on this walk or to
 * anyone on this instance before ({@link #knownEmpty}); sold out for good. So when a walk runs out of pools, every pool
 * of the round is empty at that moment: no share is left anywhere, and none can come back. Shares a grab took and Redis
 * lost in a failover are the one exception, as for every packet (docs/design.md, Not guaranteed).
 *
 * <p>Non-blocking: it answers on the thread that completes the last Redis call.
 */
public final class GrabbingCampaignShare {

    /** More moves than pools means other walks of the same person keep moving the claim: let the person retry. */
    private static final int MOVES_PER_POOL = 2;

    private final KnownCampaigns campaigns;
    private final RedPacketGrabs grabs;
    private final CampaignClaims claims;
    private final Clock clock;
    /** Per round (by its first pool), the pools this instance has seen answer sold out: they never refill. */
    private final Map<PacketId, BitSet> knownEmpty = new ConcurrentHashMap<>();

    public GrabbingCampaignShare(KnownCampaigns campaigns, RedPacketGrabs grabs, CampaignClaims claims, Clock clock) {
        this.campaigns = campaigns;
        this.grabs = grabs;
        this.claims = claims;
        this.clock = clock;
    }

    /** A grab of campaign {@code id}; {@link CampaignGrab.NoSuchCampaign} when nobody opened it. */
    public CompletionStage<CampaignGrab> grab(CampaignId id, UserId user) {
        return campaigns
                .live(id)
                .thenCompose(
                        live -> live.isPresent() ? grab(live.get(), user) : done(new CampaignGrab.NoSuchCampaign()));
    }

    /**
     * A grab in the round on now (the latest started): before the first round, NOT_STARTED; between rounds, what the
     * person took in the last one, else NOT_STARTED with the next round's start.
     */
    public CompletionStage<CampaignGrab> grab(LiveCampaign campaign, UserId user) {
        int round = campaign.roundAt(clock.instant());
        if (round < 0) {
            return done(new CampaignGrab.NotStarted(campaign.round(0).startsAt()));
        }
        CompletionStage<Optional<CampaignGrab>> earlier = campaign.oncePer() == OncePer.CAMPAIGN
                ? closeEarlierRounds(campaign, round, user, 0)
                : done(Optional.empty());
        return earlier.thenCompose(taken -> taken.isPresent()
                ? done(taken.get())
                : grabIn(campaign.round(round), user).thenApply(grab -> nextRound(campaign, round, grab)));
    }

    /** An ended round with a round after it: the grab waits for that one. */
    private static CampaignGrab nextRound(LiveCampaign campaign, int round, CampaignGrab grab) {
        if (grab instanceof CampaignGrab.Ended && campaign.hasRoundAfter(round)) {
            return new CampaignGrab.NotStarted(campaign.round(round + 1).startsAt());
        }
        return grab;
    }

    /**
     * Closes rounds {@code from} to {@code upTo - 1} for the person, in order, stopping at the first that has (or, still
     * open by its pools' clock, now gives) them a share.
     *
     * @return that round's answer, or empty when the person holds no share of any of them
     */
    private CompletionStage<Optional<CampaignGrab>> closeEarlierRounds(
            LiveCampaign campaign, int upTo, UserId user, int from) {
        if (from >= upTo) {
            return done(Optional.empty());
        }
        CampaignPools round = campaign.round(from);
        return close(new Walk(round, user, round.home(user)), ClaimPlace.HOME)
                .thenCompose(
                        taken -> taken.isPresent() ? done(taken) : closeEarlierRounds(campaign, upTo, user, from + 1));
    }

    /**
     * Asks the pool the person's claim is {@code at} (home first: where nearly everyone's is) and, once it answers
     * expired, moves the claim to closed; when the claim was elsewhere by then, asks there.
     */
    private CompletionStage<Optional<CampaignGrab>> close(Walk walk, ClaimPlace at) {
        if (at.closed()) {
            return done(Optional.empty());
        }
        if (++walk.moves > MOVES_PER_POOL * walk.pools.size()) {
            return done(Optional.of(new CampaignGrab.TryAgain("an earlier round's claim kept moving")));
        }
        int pool = at.poolOf(walk.home);
        return grabs.grab(walk.pools.pool(pool), walk.user).thenCompose(outcome -> {
            if (outcome instanceof GrabOutcome.Expired) {
                return claims.move(walk.pools, walk.home, walk.user.value(), at, ClaimPlace.CLOSED)
                        .thenCompose(now -> close(walk, now));
            }
            if (outcome instanceof GrabOutcome.SoldOut) {
                // The round is still on by its pools' clock, and the claim moved on from here: nothing decided yet.
                return done(
                        Optional.of(new CampaignGrab.TryAgain("round " + walk.pools.round() + " is still closing")));
            }
            // A share of the earlier round (held, or granted now while its pools' clock still runs), or an answer
            // that settles the grab as it would in that round.
            return done(Optional.of(answerOf(outcome, pool)));
        });
    }

    /** A grab in one round: the home pool, then the walk. */
    private CompletionStage<CampaignGrab> grabIn(CampaignPools round, UserId user) {
        int home = round.home(user);
        Walk walk = new Walk(round, user, home);
        return grabs.grab(round.pool(home), user).thenCompose(outcome -> answer(walk, home, outcome));
    }

    /**
     * What pool {@code pool}'s grab answered: a share (new or earlier) is the answer, sold out moves the claim on, the
     * rest settle the grab.
     */
    private CompletionStage<CampaignGrab> answer(Walk walk, int pool, GrabOutcome outcome) {
        if (outcome instanceof GrabOutcome.SoldOut) {
            soldOut(walk.pools, pool);
            // The first answer is the home grab's: the claim is at home, where no record of it is kept.
            return move(walk, walk.moves == 0 ? ClaimPlace.HOME : ClaimPlace.at(pool));
        }
        return done(answerOf(outcome, pool));
    }

    private static CampaignGrab answerOf(GrabOutcome outcome, int pool) {
        if (outcome instanceof GrabOutcome.Grabbed granted) {
            return new CampaignGrab.Granted(granted.amount(), pool);
        }
        if (outcome instanceof GrabOutcome.AlreadyGrabbed earlier) {
            return new CampaignGrab.AlreadyGranted(earlier.amount());
        }
        if (outcome instanceof GrabOutcome.Expired) {
            return new CampaignGrab.Ended();
        }
        if (outcome instanceof GrabOutcome.NotAMember) {
            return new CampaignGrab.NotInAudience();
        }
        // The pools' grab rebuilds a pool Redis lost from the database; one the database does not know either is not a
        // pool of this campaign any more than a typo is: nothing was decided.
        return new CampaignGrab.TryAgain("pool " + pool + " is not live in Redis");
    }

    /** Whether this instance has seen pool {@code index} of the round answer sold out. */
    private boolean knownEmpty(CampaignPools round, int index) {
        BitSet empty = knownEmpty.get(round.pool(0));
        if (empty == null) {
            return false;
        }
        synchronized (empty) {
            return empty.get(index);
        }
    }

    /** Moves the claim on from {@code from}, then grabs where it is. */
    private CompletionStage<CampaignGrab> move(Walk walk, ClaimPlace from) {
        if (++walk.moves > MOVES_PER_POOL * walk.pools.size()) {
            return done(new CampaignGrab.TryAgain("the claim kept moving under other grabs of the same person"));
        }
        int next = walk.pools.next(walk.home, from.poolOf(walk.home), index -> knownEmpty(walk.pools, index));
        ClaimPlace to = next < 0 ? ClaimPlace.HOME : ClaimPlace.at(next);
        return claims.move(walk.pools, walk.home, walk.user.value(), from, to)
                .thenCompose(at -> at.atHome() || at.closed() ? nowhere(walk, from, to, at) : visit(walk, at.pool()));
    }

    /**
     * The claim is at home or closed: our move ended the walk, another walk of the same person ended it while ours stood
     * on a pool that walk had already left, or a later round's grab closed the round for the person.
     */
    private static CompletionStage<CampaignGrab> nowhere(Walk walk, ClaimPlace from, ClaimPlace to, ClaimPlace at) {
        if (at.closed()) {
            return done(new CampaignGrab.Ended());
        }
        if (to.atHome() || !from.atHome()) {
            // Either way every pool answered sold out to some walk of theirs.
            return done(new CampaignGrab.SoldOut());
        }
        // We asked to leave home and the claim is still at home: cannot happen (a move from home takes when the claim
        // is there); answer nothing decided rather than guess.
        return done(new CampaignGrab.TryAgain("the claim was neither moved nor elsewhere"));
    }

    private CompletionStage<CampaignGrab> visit(Walk walk, int pool) {
        return grabs.grab(walk.pools.pool(pool), walk.user).thenCompose(outcome -> answer(walk, pool, outcome));
    }

    private void soldOut(CampaignPools round, int index) {
        BitSet empty = knownEmpty.computeIfAbsent(round.pool(0), first -> new BitSet(round.size()));
        synchronized (empty) {
            empty.set(index);
        }
    }

    private static <T> CompletionStage<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }

    /** One person's walk over one round's pools. */
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
