package io.hongbao.campaign.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CampaignGrabPathTest {

    @Test
    void onlyOneNonEmptySegmentBetweenTheCampaignsAndGrabIsAGrab() {
        assertThat(CampaignGrabPath.matches("/api/v1/campaigns/abc/grab")).isTrue();
        assertThat(CampaignGrabPath.matches("/api/v1/campaigns//grab")).isFalse();
        assertThat(CampaignGrabPath.matches("/api/v1/campaigns/a/b/grab")).isFalse();
        assertThat(CampaignGrabPath.matches("/api/v1/campaigns/abc/grabs")).isFalse();
        assertThat(CampaignGrabPath.matches("/api/v1/campaigns/abc/live")).isFalse();
        assertThat(CampaignGrabPath.matches("/api/v1/campaigns/grab")).isFalse();
        assertThat(CampaignGrabPath.matches("/api/v1/packets/abc/grab")).isFalse();
    }
}
