package io.hongbao.campaign.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.campaign.CampaignSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CampaignAdmissionTest {

    @Test
    void aBurstPassesAndTheNextGrabIsRefusedAndCounted() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CampaignAdmission admission =
                new CampaignAdmission(new CampaignSettings.Admission(1, 3, 10, Duration.ofMillis(500)), registry);

        assertThat(admission.withinTheRate()).isTrue();
        assertThat(admission.withinTheRate()).isTrue();
        assertThat(admission.withinTheRate()).isTrue();
        assertThat(admission.withinTheRate())
                .as("over the burst, before a second's refill")
                .isFalse();

        assertThat(registry.get("hongbao.campaign.grabs.refused")
                        .tag("reason", "rate")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(admission.retryAfter()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void aGrabOverTheOutstandingOnesIsRefusedAsBusyUntilOneIsAnsweredWhateverTheRate() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CampaignAdmission admission =
                new CampaignAdmission(new CampaignSettings.Admission(1, 1, 2, Duration.ofMillis(500)), registry);

        assertThat(admission.admit())
                .as("the rate is the door's, not asked here")
                .isTrue();
        assertThat(admission.admit()).isTrue();
        assertThat(admission.admit()).as("two outstanding already").isFalse();
        admission.release();

        assertThat(admission.admit()).as("one answered").isTrue();
        assertThat(registry.get("hongbao.campaign.grabs.refused")
                        .tag("reason", "busy")
                        .counter()
                        .count())
                .isEqualTo(1);
    }
}
