package io.hongbao.campaign.infrastructure;

import io.hongbao.campaign.model.CampaignClaims;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.ClaimPlace;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.lettuce.core.ScriptOutputType;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * {@code campaign_claim.lua}: moves a person's claim on a campaign round from the place they saw it at to the next,
 * atomically, only if it is still there (the script's header says why that keeps one share per person).
 *
 * <p>KEYS: the claims hash of the person's home pool in the round, {@code cc:{<campaign>:<round>:<home>}}. ARGV: user
 * id, from, to (pool indexes, {@code ''} for home, {@code x} for closed), and when the hash expires. Returns where the
 * claim is after the call.
 *
 * <p>A move is answered only once a replica confirmed it (ADR 0073), as a grab is: a move a failover lost would send
 * the person's claim back home, and their next walk could then take a share in a second pool while the first still
 * holds theirs. A move Redis did not execute is retried ({@link NotExecutedRetry}): repeating it is harmless, since it
 * moves only from where the claim still is.
 */
public final class CampaignClaimScript implements CampaignClaims {

    private static final LuaScript SCRIPT = LuaScript.fromResource("campaign_claim");
    /** The claims outlive the campaign by as long as anyone may still ask after it (and then free their memory). */
    private static final Duration KEPT_AFTER_THE_END = Duration.ofDays(7);
    /** A closed claim, in the hash. */
    private static final String CLOSED = "x";

    private final RedisPrimaries primaries;
    private final NotExecutedRetry retry;
    private final ReplicatedAcknowledgements acks;

    public CampaignClaimScript(RedisPrimaries primaries, NotExecutedRetry retry, ReplicatedAcknowledgements acks) {
        this.primaries = primaries;
        this.retry = retry;
        this.acks = acks;
    }

    /** The claims of the people whose home is pool {@code home}: one hash, in a slot of its own per home pool. */
    static String claimsKey(CampaignPools round, int home) {
        return "cc:{" + round.campaign().value() + ":" + round.round() + ":" + home + "}";
    }

    @Override
    public CompletionStage<ClaimPlace> move(CampaignPools round, int home, long user, ClaimPlace from, ClaimPlace to) {
        String[] keys = {claimsKey(round, home)};
        String until = Long.toString(round.endsAt().plus(KEPT_AFTER_THE_END).toEpochMilli());
        return retry.call(() -> primaries.<String>run(
                        SCRIPT, ScriptOutputType.VALUE, keys, Long.toString(user), index(from), index(to), until))
                // Asked from the reply's completion, on the connection's event loop: the WAIT follows the call on the
                // node connection it ran on, so it covers it.
                .thenCompose(ran -> acks.acknowledged(ran.node()).thenApply(replicated -> place(ran.result())));
    }

    private static String index(ClaimPlace place) {
        if (place.atHome()) {
            return "";
        }
        return place.closed() ? CLOSED : Integer.toString(place.pool());
    }

    private static ClaimPlace place(String reply) {
        if (reply == null || reply.isEmpty()) {
            return ClaimPlace.HOME;
        }
        return CLOSED.equals(reply) ? ClaimPlace.CLOSED : ClaimPlace.at(Integer.parseInt(reply));
    }
}
