package io.hongbao.campaign.web;

import io.hongbao.campaign.application.CountingSharesLeft;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.SharesLeft;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** docs/api.md, Campaigns: the live counter of shares left, which the campaign page and /ops poll. */
@RestController
@Tag(name = "Campaigns")
class CampaignLiveController {

    private final CountingSharesLeft counting;

    CampaignLiveController(CountingSharesLeft counting) {
        this.counting = counting;
    }

    @Operation(
            operationId = "campaignLive",
            summary = "Shares left in the round that is on",
            description = "The round that is on (the latest started; before the first, the first) and the shares"
                    + " left in each of its pools, read from Redis at most once a second per instance: poll it about"
                    + " once a second.",
            responses = {
                @ApiResponse(responseCode = "200", description = "the counter"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such campaign")
            })
    @GetMapping("/api/v1/campaigns/{id}/live")
    Mono<LiveView> live(@PathVariable String id) {
        if (!OpaqueIds.isWellFormed(id)) {
            throw ApiException.notFound("no campaign " + id);
        }
        return Mono.fromCompletionStage(() -> counting.sharesLeft(new CampaignId(id)))
                .map(left -> left.map(LiveView::of).orElseThrow(() -> ApiException.notFound("no campaign " + id)));
    }

    @Schema(
            description = "The shares left in the round that is on, pool by pool",
            requiredProperties = {"round", "startsAt", "endsAt", "sharesLeft", "pools"})
    record LiveView(
            @Schema(description = "0 for the first") int round,
            Instant startsAt,
            Instant endsAt,

            @Schema(description = "over every pool of the round", example = "4821")
            long sharesLeft,

            List<PoolView> pools) {

        static LiveView of(SharesLeft left) {
            List<PoolView> pools = new ArrayList<>(left.perPool().size());
            for (int pool = 0; pool < left.perPool().size(); pool++) {
                pools.add(new PoolView(pool, left.perPool().get(pool)));
            }
            return new LiveView(
                    left.round().round(), left.round().startsAt(), left.round().endsAt(), left.total(), pools);
        }
    }

    @Schema(
            description = "One pool's shares left",
            requiredProperties = {"pool", "sharesLeft"})
    record PoolView(int pool, long sharesLeft) {}
}
