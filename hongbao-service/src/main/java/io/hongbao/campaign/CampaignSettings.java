package io.hongbao.campaign;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.campaign.*}; the defaults are in {@code application.yml}.
 *
 * @param admission the lossy edge of the campaign grabs (ADR 0103)
 */
@ConfigurationProperties("hongbao.campaign")
public record CampaignSettings(Admission admission) {

    /**
     * Campaign grabs this instance lets through to Redis: {@code perSecond} on average, {@code burst} at once, and at
     * most {@code maxOutstanding} waiting for their answers; one more is answered {@code TRY_AGAIN} at once, with no
     * Redis call, and asked to come back after {@code retryAfter}.
     */
    public record Admission(int perSecond, int burst, int maxOutstanding, Duration retryAfter) {

        public Admission {
            Setting.positive(perSecond, "hongbao.campaign.admission.per-second");
            Setting.positive(burst, "hongbao.campaign.admission.burst");
            Setting.positive(maxOutstanding, "hongbao.campaign.admission.max-outstanding");
            if (retryAfter == null || retryAfter.isNegative() || retryAfter.isZero()) {
                throw new IllegalArgumentException("hongbao.campaign.admission.retry-after must be positive");
            }
        }
    }
}
