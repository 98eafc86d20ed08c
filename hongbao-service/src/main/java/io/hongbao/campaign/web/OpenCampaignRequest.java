package io.hongbao.campaign.web;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.OncePer;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.group.model.GroupId;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The body of {@code POST /api/v1/admin/campaigns}; the model's own checks become 400 VALIDATION_FAILED. */
@Schema(description = "A new campaign")
record OpenCampaignRequest(
        @Schema(
                description = "the user whose balance funds the campaign",
                requiredMode = Schema.RequiredMode.REQUIRED,
                example = "1")
        Long sponsor,

        @Schema(
                description = "shown with every share",
                maxLength = OpenCampaignCommand.MAX_GREETING,
                example = "Happy new year from Hongbao")
        String greeting,

        @Schema(
                description = "cents, all of it escrowed at once",
                requiredMode = Schema.RequiredMode.REQUIRED,
                minimum = "1",
                example = "1000000")
        Long total,

        @Schema(
                description = "how many shares",
                requiredMode = Schema.RequiredMode.REQUIRED,
                minimum = "1",
                maximum = "" + OpenCampaignCommand.MAX_SHARES,
                example = "10000")
        Integer shares,

        @Schema(
                description = "RANDOM (each share within [minShare, maxShare]) or EQUAL",
                requiredMode = Schema.RequiredMode.REQUIRED,
                allowableValues = {"RANDOM", "EQUAL"})
        String type,

        @Schema(description = "RANDOM: the least a share holds, cents", minimum = "1", example = "1")
        Long minShare,

        @Schema(description = "RANDOM: the most a share holds, cents", minimum = "1", example = "500")
        Long maxShare,

        @Schema(
                description = "how many pools the shares are spread over, at most one per share and one per virtual"
                        + " shard of the sponsor's database; by default " + OpenCampaignCommand.DEFAULT_POOLS
                        + " (or fewer, within those bounds)",
                minimum = "1")
        Integer pools,

        @Schema(
                description = "one round from now: seconds until it ends and what is left returns to the sponsor;"
                        + " give either this or rounds",
                minimum = "1",
                example = "600")
        Long lastsSeconds,

        @Schema(
                description = "the rounds, in order and not overlapping, releasing every share between them (at"
                        + " most " + OpenCampaignCommand.MAX_ROUNDS + "); give either this or lastsSeconds")
        List<RoundRequest> rounds,

        @Schema(
                description = "the group whose members may grab; absent: everyone signed in",
                example = "1m8kh8ckgfexfm4j4brn")
        String groupId,

        @Schema(
                description = "how often one person may take a share: once in the whole campaign (the default) or"
                        + " once in each round",
                allowableValues = {"CAMPAIGN", "ROUND"})
        String oncePer) {

    /** A round: {@code shares} shares released at {@code startsAt} for {@code durationSeconds}. */
    @Schema(description = "A round of a campaign")
    record RoundRequest(
            @Schema(
                    description = "when its shares may be grabbed; absent on the first round: at once",
                    example = "2026-02-16T12:00:00Z")
            Instant startsAt,

            @Schema(
                    description = "seconds it lasts; what is left of its shares then returns to the sponsor",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "1",
                    example = "60")
            Long durationSeconds,

            @Schema(
                    description = "how many of the campaign's shares it releases",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "1",
                    example = "5000")
            Integer shares) {}

    /**
     * @param mostPools the most pools the sponsor's database allows
     * @param now when the request arrived: a round without a start starts then, and every round must end after it
     */
    OpenCampaignCommand toCommand(int mostPools, Instant now) {
        if (sponsor == null || total == null || shares == null || type == null) {
            throw ApiException.validation("sponsor, total, shares and type are required");
        }
        if ((lastsSeconds == null) == (rounds == null)) {
            throw ApiException.validation("either lastsSeconds (one round from now) or rounds");
        }
        try {
            List<OpenCampaignCommand.Round> planned = rounds == null
                    ? List.of(new OpenCampaignCommand.Round(now, Duration.ofSeconds(lastsSeconds), shares))
                    : planned(now);
            ShareRule rule = switch (type) {
                case "EQUAL" -> new ShareRule.Equal();
                case "RANDOM" -> {
                    if (minShare == null || maxShare == null) {
                        throw ApiException.validation("RANDOM shares need minShare and maxShare");
                    }
                    yield new ShareRule.RandomBetween(minShare, maxShare);
                }
                default -> throw ApiException.validation("type is RANDOM or EQUAL, not " + type);
            };
            return new OpenCampaignCommand(
                    UserId.of(sponsor),
                    greeting == null ? "" : greeting,
                    total,
                    shares,
                    rule,
                    pools != null ? pools : Math.min(shares, Math.min(OpenCampaignCommand.DEFAULT_POOLS, mostPools)),
                    planned,
                    groupId == null ? null : new GroupId(groupId),
                    oncePer(oncePer));
        } catch (IllegalArgumentException | ArithmeticException invalid) {
            throw ApiException.validation(invalid.getMessage());
        }
    }

    private List<OpenCampaignCommand.Round> planned(Instant now) {
        List<OpenCampaignCommand.Round> planned = new ArrayList<>(rounds.size());
        for (int index = 0; index < rounds.size(); index++) {
            RoundRequest round = rounds.get(index);
            if (round == null || round.durationSeconds() == null || round.shares() == null) {
                throw ApiException.validation("every round has durationSeconds and shares");
            }
            if (round.startsAt() == null && index > 0) {
                throw ApiException.validation("every round after the first says when it starts (startsAt)");
            }
            Instant startsAt = round.startsAt() == null ? now : round.startsAt();
            if (startsAt.isAfter(now.plus(OpenCampaignCommand.MAX_LASTS))) {
                throw ApiException.validation("round " + index + " starts more than 30 days ahead");
            }
            planned.add(new OpenCampaignCommand.Round(
                    startsAt, Duration.ofSeconds(round.durationSeconds()), round.shares()));
            // A round over before its pools exist would be refunded at once: surely not what was meant.
            if (!planned.get(index).endsAt().isAfter(now.plusSeconds(1))) {
                throw ApiException.validation("round " + index + " ends before the campaign could open");
            }
        }
        return planned;
    }

    private static OncePer oncePer(String oncePer) {
        if (oncePer == null) {
            return OncePer.CAMPAIGN;
        }
        return switch (oncePer) {
            case "CAMPAIGN" -> OncePer.CAMPAIGN;
            case "ROUND" -> OncePer.ROUND;
            default -> throw ApiException.validation("oncePer is CAMPAIGN or ROUND, not " + oncePer);
        };
    }
}
