package io.hongbao.cluster;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.ClusterRig;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.LocalRedisCluster.Node;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The campaign rounds {@link ClusterIT} plays a fault into (ADR 0103): a few thousand shares, two and a half times as
 * many people, so the round sells out and its last people are told SOLD_OUT only once every pool is empty.
 */
final class CampaignRounds {

    static final int SHARES = 1_200;
    static final int PEOPLE = 3_000;
    static final long TOTAL = 180_000;
    static final long MIN_SHARE = 50;
    static final long MAX_SHARE = 250;
    /** Long enough that no pool expires during the stage: what is left stays in the pools' escrows. */
    static final int LASTS_SECONDS = 3600;

    /** On the same database shard as ClusterRig.SENDER (user ids modulo 2), not the same account. */
    static final long SPONSOR = ClusterRig.SENDER + 2;

    static final int CLIENTS = 24;
    /** The fault hits a quarter into the round: every pool still has shares, so every primary is still granting. */
    static final int ANSWERS_BEFORE_THE_FAULT = PEOPLE / 4;

    private static final Set<String> DECIDED = Set.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT");

    private CampaignRounds() {}

    static String open(ClusterRig rig) throws Exception {
        return rig.openCampaign(SPONSOR, TOTAL, SHARES, MIN_SHARE, MAX_SHARE, LASTS_SECONDS);
    }

    /**
     * The taps of people whose home pool (where a grab goes first) is on {@code primary}: while it is away those are
     * the grabs it fails, until their home is sold out and they walk.
     */
    static Predicate<Attempt> homeOn(Node primary, String campaign, List<String> pools, Map<String, Node> primaryOf) {
        CampaignPools layout = new CampaignPools(
                new CampaignId(campaign), 0, pools.stream().map(PacketId::new).toList(), Instant.EPOCH, Instant.MAX);
        return tap -> primary.equals(primaryOf.get(pools.get(layout.home(UserId.of(tap.user())))));
    }

    /**
     * Answers that neither decided (GRABBED, ALREADY_GRABBED, SOLD_OUT) nor said the grab may have happened (503
     * UNAVAILABLE; no answer or the balancer's 502 from an instance killed under the tap) nor asked to come back
     * (TRY_AGAIN): none is allowed.
     */
    static List<Attempt> neitherDecidedNorRetrySafe(List<Attempt> answers) {
        return answers.stream()
                .filter(a -> !(a.status() == 200 && (DECIDED.contains(a.outcome()) || "TRY_AGAIN".equals(a.outcome())))
                        && !"503 UNAVAILABLE".equals(a.kind())
                        && a.status() != 0
                        && a.status() != 502)
                .toList();
    }
}
