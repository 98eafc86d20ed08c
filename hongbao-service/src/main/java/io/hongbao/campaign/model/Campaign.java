package io.hongbao.campaign.model;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import java.time.Instant;
import java.util.List;

/**
 * A campaign as opened: who funds it, how much in how many shares cut by which rule, released in which rounds, for
 * whom, and how often one person may take a share.
 *
 * @param pools the most pools a round's shares are spread over (a round of fewer shares has one pool per share)
 * @param audience the group whose members may grab; null: everyone signed in
 */
public record Campaign(
        CampaignId id,
        UserId sponsor,
        String greeting,
        long total,
        int shares,
        ShareRule rule,
        int pools,
        List<CampaignRound> rounds,
        GroupId audience,
        OncePer oncePer,
        Instant openedAt) {

    public Campaign {
        if (!rule.fits(total, shares)) {
            throw new IllegalArgumentException(total + " cents do not cut into " + shares + " shares by " + rule);
        }
        if (pools < 1 || pools > shares) {
            throw new IllegalArgumentException("between 1 and " + shares + " pools, not " + pools);
        }
        rounds = List.copyOf(rounds);
        if (rounds.isEmpty() || rounds.stream().mapToLong(CampaignRound::shares).sum() != shares) {
            throw new IllegalArgumentException("the rounds release the campaign's " + shares + " shares");
        }
    }

    /** When the last round ends: what is left of the campaign has returned to the sponsor then. */
    public Instant endsAt() {
        return rounds.get(rounds.size() - 1).endsAt();
    }

    public boolean endedAt(Instant now) {
        return !now.isBefore(endsAt());
    }
}
