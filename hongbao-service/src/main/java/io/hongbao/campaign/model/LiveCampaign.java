package io.hongbao.campaign.model;

import java.time.Instant;
import java.util.List;

/**
 * What the grab path knows of a campaign: its rounds' pools, in order, for whom, and how often a person may take a
 * share. Never changes once the campaign is opened, so every instance may keep it.
 *
 * @param rounds round {@code i}'s pools at index {@code i}
 */
public record LiveCampaign(CampaignId campaign, OncePer oncePer, List<CampaignPools> rounds) {

    public LiveCampaign {
        rounds = List.copyOf(rounds);
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("a campaign has at least one round");
        }
    }

    /**
     * The round a grab at {@code now} is for: the latest that has started (a grab after its end still learns what the
     * person took in it), or -1 before the first starts.
     */
    public int roundAt(Instant now) {
        for (int index = rounds.size() - 1; index >= 0; index--) {
            if (!now.isBefore(rounds.get(index).startsAt())) {
                return index;
            }
        }
        return -1;
    }

    public CampaignPools round(int index) {
        return rounds.get(index);
    }

    public boolean hasRoundAfter(int index) {
        return index + 1 < rounds.size();
    }
}
