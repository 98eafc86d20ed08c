package io.hongbao.campaign.model;

import java.time.Instant;

/** What one campaign grab got. None of them is a failure of the service. */
public sealed interface CampaignGrab
        permits CampaignGrab.Granted,
                CampaignGrab.AlreadyGranted,
                CampaignGrab.SoldOut,
                CampaignGrab.Ended,
                CampaignGrab.NotStarted,
                CampaignGrab.NotInAudience,
                CampaignGrab.TryAgain,
                CampaignGrab.NoSuchCampaign {

    /** This grab took a share of pool {@code pool}; it is queued for the database in the same atomic step. */
    record Granted(long amount, int pool) implements CampaignGrab {}

    /** The person took a share of this campaign before: the same amount again. */
    record AlreadyGranted(long amount) implements CampaignGrab {}

    /** Every pool answered sold out to this person's walk: no share is left anywhere. */
    record SoldOut() implements CampaignGrab {}

    /** The round has ended (and no later one is planned): what was left is refunded to the sponsor. */
    record Ended() implements CampaignGrab {}

    /** No round is on: the next starts at {@code startsAt}. */
    record NotStarted(Instant startsAt) implements CampaignGrab {}

    record NotInAudience() implements CampaignGrab {}

    record NoSuchCampaign() implements CampaignGrab {}

    /**
     * Nothing was decided for this person (a pool's live state is missing from Redis, or the walk met more changes
     * than it follows at once): a retry is safe and decides.
     */
    record TryAgain(String reason) implements CampaignGrab {}
}
