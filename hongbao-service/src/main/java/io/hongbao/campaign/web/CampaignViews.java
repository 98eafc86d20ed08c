package io.hongbao.campaign.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignRound;
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
            requiredProperties = {
                "id",
                "sponsor",
                "greeting",
                "total",
                "shares",
                "type",
                "pools",
                "rounds",
                "oncePer",
                "openedAt",
                "endsAt"
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

            @Schema(description = "the most pools a round's shares are spread over")
            int pools,

            @Schema(description = "in order") List<RoundView> rounds,

            @Schema(description = "the group whose members may grab; absent: everyone signed in")
            String groupId,

            @Schema(
                    description = "one share per person in the whole campaign, or in each round",
                    allowableValues = {"CAMPAIGN", "ROUND"})
            String oncePer,

            Instant openedAt,

            @Schema(description = "when the last round ends: what is left of it returns to the sponsor then")
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
                    campaign.rounds().stream().map(RoundView::of).toList(),
                    campaign.audience() == null ? null : campaign.audience().value(),
                    campaign.oncePer().name(),
                    campaign.openedAt(),
                    campaign.endsAt());
        }
    }

    @Schema(
            description = "A round: its shares may be grabbed from startsAt; at endsAt what is left of them returns to"
                    + " the sponsor",
            requiredProperties = {"round", "startsAt", "endsAt", "shares"})
    record RoundView(
            @Schema(description = "0 for the first") int round,
            Instant startsAt,
            Instant endsAt,
            @Schema(example = "5000") int shares) {

        static RoundView of(CampaignRound round) {
            return new RoundView(round.index(), round.startsAt(), round.endsAt(), round.shares());
        }
    }

    record CampaignsView(List<CampaignView> campaigns) {}

    /**
     * A campaign grab's answer: {@code amount} with GRABBED and ALREADY_GRABBED, {@code retryAfterMillis} with
     * TRY_AGAIN and NOT_STARTED ({@code startsAt} too with NOT_STARTED).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(
            description = "What a campaign grab got: an amount with GRABBED and ALREADY_GRABBED, retryAfterMillis with"
                    + " TRY_AGAIN and NOT_STARTED, startsAt with NOT_STARTED",
            requiredProperties = {"outcome"})
    record CampaignGrabView(
            @Schema(
                    description = "`SOLD_OUT`: no share of the round is left in any pool; `EXPIRED`: the last round"
                            + " has ended; `NOT_STARTED`: no round is on, the next starts at startsAt; `TRY_AGAIN`:"
                            + " nothing was decided, the crowd is larger than the service takes right now",
                    allowableValues = {"GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED", "NOT_STARTED", "TRY_AGAIN"},
                    example = "GRABBED")
            String outcome,

            @Schema(description = "cents grabbed", format = "int64", example = "88")
            Long amount,

            @Schema(description = "come back after this many milliseconds", format = "int64", example = "500")
            Long retryAfterMillis,

            @Schema(description = "NOT_STARTED: when the next round starts")
            Instant startsAt) {

        static CampaignGrabView of(String outcome, Long amount) {
            return new CampaignGrabView(outcome, amount, null, null);
        }

        /** The Retry-After of a wait of {@code millis}: whole seconds, rounded up, at least one. */
        static String retryAfterSeconds(long millis) {
            return Long.toString(Math.max(1, (millis + 999) / 1000));
        }
    }
}
