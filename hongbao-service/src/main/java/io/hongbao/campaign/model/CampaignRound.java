package io.hongbao.campaign.model;

import java.time.Instant;

/**
 * One round of a campaign: {@code shares} shares released at {@code startsAt}, grabbable until {@code endsAt}, when
 * what is left of them returns to the sponsor (ADR 0103).
 *
 * @param index 0 for the first round
 */
public record CampaignRound(int index, Instant startsAt, Instant endsAt, int shares) {

    public CampaignRound {
        if (index < 0 || shares < 1) {
            throw new IllegalArgumentException("a round has an index from 0 and at least one share");
        }
        if (!endsAt.isAfter(startsAt)) {
            throw new IllegalArgumentException("a round ends after it starts");
        }
    }

    public boolean startedAt(Instant now) {
        return !now.isBefore(startsAt);
    }

    public boolean endedAt(Instant now) {
        return !now.isBefore(endsAt);
    }
}
