package io.hongbao.campaign.model;

import java.util.List;

/** What opening a campaign did. A refusal changed nothing. */
public sealed interface OpenOutcome
        permits OpenOutcome.Opened,
                OpenOutcome.InsufficientFunds,
                OpenOutcome.TooManyPools,
                OpenOutcome.UnknownAudience {

    record Opened(Campaign campaign, List<CampaignPools> rounds) implements OpenOutcome {}

    record InsufficientFunds() implements OpenOutcome {}

    /** More pools than the sponsor's database has virtual shards. */
    record TooManyPools(int max) implements OpenOutcome {}

    /** The audience names a group nobody created. */
    record UnknownAudience() implements OpenOutcome {}
}
