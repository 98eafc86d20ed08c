package io.hongbao.campaign.model;

import io.hongbao.platform.ids.OpaqueIds;

/** A campaign's opaque id, chosen by the server. */
public record CampaignId(String value) {

    public CampaignId {
        if (!OpaqueIds.isWellFormed(value)) {
            throw new IllegalArgumentException("not a campaign id: " + value);
        }
    }

    public static CampaignId generate() {
        return new CampaignId(OpaqueIds.next());
    }
}
