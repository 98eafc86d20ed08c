package io.hongbao.campaign.web;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;

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
                description = "seconds from now until the campaign ends and what is left returns to the sponsor",
                requiredMode = Schema.RequiredMode.REQUIRED,
                minimum = "1",
                example = "600")
        Long lastsSeconds) {

    /** @param mostPools the most pools the sponsor's database allows */
    OpenCampaignCommand toCommand(int mostPools) {
        if (sponsor == null || total == null || shares == null || type == null || lastsSeconds == null) {
            throw ApiException.validation("sponsor, total, shares, type and lastsSeconds are required");
        }
        try {
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
                    Duration.ofSeconds(lastsSeconds));
        } catch (IllegalArgumentException invalid) {
            throw ApiException.validation(invalid.getMessage());
        }
    }
}
