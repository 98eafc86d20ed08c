package io.hongbao.campaign.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.ShareRule;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** The campaigns' answers, as docs/api.md "Campaigns" gives them. */
final class CampaignViews {

    private CampaignViews() {}

    /**
     * A campaign. {@code minShare} and {@code maxShare} are the bounds of each share when shares are random, absent
     * when they are equal.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(
            description = "A campaign",
            requiredProperties = {"id", "sponsor", "greeting", "total", "shares", "type", "pools", "openedAt", "endsAt"
            })
    record CampaignView(
            @Schema(example = "1m8kh8ckgfexfm4j4brn") String id,

            @Schema(description = "the user who funds it", example = "1")
            long sponsor,

            String greeting,

            @Schema(description = "cents", example = "1000000")
            long total,

            @Schema(example = "10000") int shares,
            @Schema(allowableValues = {"RANDOM", "EQUAL"}) String type,

            @Schema(description = "RANDOM: the least a share holds, cents", format = "int64")
            Long minShare,

            @Schema(description = "RANDOM: the most a share holds, cents", format = "int64")
            Long maxShare,

            @Schema(description = "how many pools the shares are spread over")
            int pools,

            Instant openedAt,

            @Schema(description = "when what is left returns to the sponsor")
            Instant endsAt) {

        static CampaignView of(Campaign campaign) {
            ShareRule.RandomBetween bounds =
                    campaign.rule() instanceof ShareRule.RandomBetween between ? between : null;
            return new CampaignView(
                    campaign.id().value(),
                    campaign.sponsor().value(),
                    campaign.greeting(),
                    campaign.total(),
                    campaign.shares(),
                    bounds == null ? "EQUAL" : "RANDOM",
                    bounds == null ? null : bounds.min(),
                    bounds == null ? null : bounds.max(),
                    campaign.pools(),
                    campaign.openedAt(),
                    campaign.endsAt());
        }
    }

    record CampaignsView(List<CampaignView> campaigns) {}

    /**
     * A campaign grab's answer: {@code amount} with GRABBED and ALREADY_GRABBED, {@code retryAfterMillis} with
     * TRY_AGAIN.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(
            description = "What a campaign grab got: an amount with GRABBED and ALREADY_GRABBED, retryAfterMillis with"
                    + " TRY_AGAIN",
            requiredProperties = {"outcome"})
    record CampaignGrabView(
            @Schema(
                    description = "`SOLD_OUT`: no share is left in any pool; `TRY_AGAIN`: nothing was decided, the"
                            + " crowd is larger than the service takes right now",
                    allowableValues = {"GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED", "TRY_AGAIN"},
                    example = "GRABBED")
            String outcome,

            @Schema(description = "cents grabbed", format = "int64", example = "88")
            Long amount,

            @Schema(description = "come back after this many milliseconds", format = "int64", example = "500")
            Long retryAfterMillis) {}
}
