package io.hongbao.campaign.web;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The lossy edge's answer, {@code 200 {"outcome":"TRY_AGAIN","retryAfterMillis":…}} with {@code Retry-After}: the same
 * bytes for every caller, built once, written by {@link CampaignEdge} and {@link CampaignAdmissionFilter}.
 *
 * @param body the JSON body, UTF-8
 * @param retryAfterSeconds the {@code Retry-After} header's value
 */
record TryAgainAnswer(byte[] body, String retryAfterSeconds) {

    static TryAgainAnswer after(Duration retryAfter) {
        long millis = retryAfter.toMillis();
        return new TryAgainAnswer(
                ("{\"outcome\":\"TRY_AGAIN\",\"retryAfterMillis\":" + millis + "}").getBytes(StandardCharsets.UTF_8),
                CampaignViews.CampaignGrabView.retryAfterSeconds(millis));
    }
}
