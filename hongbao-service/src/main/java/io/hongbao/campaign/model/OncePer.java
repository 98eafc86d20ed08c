package io.hongbao.campaign.model;

/** How often one person may take a share of a campaign: once in all its rounds, or once in each round. */
public enum OncePer {
    CAMPAIGN,
    ROUND
}
