package io.hongbao.campaign.model;

/** What opening a campaign did. A refusal changed nothing. */
public sealed interface OpenOutcome
        permits OpenOutcome.Opened, OpenOutcome.InsufficientFunds, OpenOutcome.TooManyPools {

    record Opened(Campaign campaign, CampaignPools pools) implements OpenOutcome {}

    record InsufficientFunds() implements OpenOutcome {}

    /** More pools than the sponsor's database has virtual shards. */
    record TooManyPools(int max) implements OpenOutcome {}
}
