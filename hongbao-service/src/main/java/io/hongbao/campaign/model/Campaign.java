package io.hongbao.campaign.model;

import io.hongbao.account.model.UserId;
import java.time.Instant;

/** A campaign as opened: who funds it, how much in how many shares cut by which rule, and when it ends. */
public record Campaign(
        CampaignId id,
        UserId sponsor,
        String greeting,
        long total,
        int shares,
        ShareRule rule,
        int pools,
        Instant openedAt,
        Instant endsAt) {

    public Campaign {
        if (!rule.fits(total, shares)) {
            throw new IllegalArgumentException(total + " cents do not cut into " + shares + " shares by " + rule);
        }
        if (pools < 1 || pools > shares) {
            throw new IllegalArgumentException("between 1 and " + shares + " pools, not " + pools);
        }
        if (!endsAt.isAfter(openedAt)) {
            throw new IllegalArgumentException("a campaign ends after it opened");
        }
    }

    public boolean endedAt(Instant now) {
        return !now.isBefore(endsAt);
    }
}
