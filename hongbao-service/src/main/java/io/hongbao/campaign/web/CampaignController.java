package io.hongbao.campaign.web;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.application.GrabbingCampaignShare;
import io.hongbao.campaign.application.OpeningCampaign;
import io.hongbao.campaign.application.ReadingCampaigns;
import io.hongbao.campaign.model.CampaignGrab;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.OpenOutcome;
import io.hongbao.campaign.web.CampaignViews.CampaignGrabView;
import io.hongbao.campaign.web.CampaignViews.CampaignView;
import io.hongbao.campaign.web.CampaignViews.CampaignsView;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.platform.redis.acks.ReplicaAckFailed;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.platform.web.Paging;
import io.hongbao.platform.web.UnknownOutcome;
import io.hongbao.redpacket.model.RebuildRefused;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** docs/api.md, Campaigns: an operator opens campaigns; everyone signed in grabs at most one share of each. */
@RestController
@Tag(name = "Campaigns", description = "Red-packet rain: one sponsor's campaign of up to millions of shares")
class CampaignController {

    /** A pool's grab or a claim's move may have run: a grab is idempotent per person, so a retry is safe and tells. */
    static final String MAY_HAVE_HAPPENED = "a backing store is unavailable; the grab may have happened: retrying is"
            + " safe (a retry answers ALREADY_GRABBED with the amount if it did)";

    static final String NOT_REPLICATED = "the grab was not confirmed by a Redis replica in time; it may have been"
            + " recorded: retrying is safe (a retry answers ALREADY_GRABBED with the amount if it was)";

    private static final Function<Throwable, Throwable> STORE_DOWN = UnknownOutcome.whenStoreDown(MAY_HAVE_HAPPENED);

    private final OpeningCampaign opening;
    private final GrabbingCampaignShare grabbing;
    private final ReadingCampaigns reading;
    private final Blocking blocking;
    private final CampaignAdmission admission;
    private final CampaignGrabTimers timers;
    private final Clock clock;

    CampaignController(
            OpeningCampaign opening,
            GrabbingCampaignShare grabbing,
            ReadingCampaigns reading,
            Blocking blocking,
            CampaignAdmission admission,
            CampaignGrabTimers timers,
            Clock clock) {
        this.opening = opening;
        this.grabbing = grabbing;
        this.reading = reading;
        this.blocking = blocking;
        this.admission = admission;
        this.timers = timers;
        this.clock = clock;
    }

    @Operation(
            operationId = "openCampaign",
            summary = "Open a campaign (admin)",
            description = "Debits the sponsor by the whole total, cuts it into the shares, releases them in rounds"
                    + " (one from now for lastsSeconds, or the rounds given) and spreads each round's over its pools;"
                    + " what is left of a round returns to the sponsor when it ends. For everyone signed in, or for"
                    + " the members of groupId.",
            responses = {
                @ApiResponse(
                        responseCode = "201",
                        description = "the campaign",
                        content = @Content(schema = @Schema(implementation = CampaignView.class))),
                @ApiResponse(
                        responseCode = "409",
                        description = "INSUFFICIENT_FUNDS: the sponsor's balance does not cover the total; nothing"
                                + " changed"),
                @ApiResponse(
                        responseCode = "400",
                        description = "VALIDATION_FAILED: the rounds, amounts, pools or audience do not hold together"
                                + " (or name no group); nothing changed")
            })
    @PostMapping("/api/v1/admin/campaigns")
    Mono<ResponseEntity<CampaignView>> open(@RequestBody OpenCampaignRequest body) {
        if (body == null || body.sponsor() == null) {
            throw ApiException.validation("sponsor, total, shares and type are required");
        }
        OpenCampaignCommand command = body.toCommand(opening.mostPools(UserId.of(body.sponsor())), clock.instant());
        return blocking.call(() -> opening.open(command))
                .flatMap(Mono::fromCompletionStage)
                .map(outcome -> {
                    if (outcome instanceof OpenOutcome.Opened opened) {
                        return ResponseEntity.status(HttpStatus.CREATED).body(CampaignView.of(opened.campaign()));
                    }
                    if (outcome instanceof OpenOutcome.UnknownAudience) {
                        throw ApiException.validation("no group " + body.groupId());
                    }
                    if (outcome instanceof OpenOutcome.TooManyPools tooMany) {
                        throw ApiException.validation("at most " + tooMany.max() + " pools on the sponsor's database");
                    }
                    throw new ApiException(
                            ErrorCode.INSUFFICIENT_FUNDS, "the sponsor's balance does not cover the total");
                });
    }

    @Operation(operationId = "campaigns", summary = "The campaigns, newest first")
    @GetMapping("/api/v1/campaigns")
    Mono<CampaignsView> campaigns(@RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> new CampaignsView(
                reading.newest(pageSize).stream().map(CampaignView::of).toList()));
    }

    @Operation(
            operationId = "campaign",
            summary = "A campaign",
            responses = {
                @ApiResponse(responseCode = "200", description = "the campaign"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such campaign")
            })
    @GetMapping("/api/v1/campaigns/{id}")
    Mono<CampaignView> campaign(@PathVariable String id) {
        CampaignId campaign = campaignId(id);
        return blocking.call(() -> reading.campaign(campaign)
                .map(CampaignView::of)
                .orElseThrow(() -> ApiException.notFound("no campaign " + id)));
    }

    @Operation(
            operationId = "grabCampaign",
            summary = "Grab a share of a campaign",
            description = "At most one share per person and campaign (or per round, by oncePer), in the round that is"
                    + " on. TRY_AGAIN is part of the game, not an error:"
                    + " the crowd is larger than this instance serves right now, nothing was decided, come back"
                    + " after retryAfterMillis (Retry-After says the same in whole seconds).",
            responses = {
                @ApiResponse(
                        responseCode = "200",
                        description = "GRABBED or ALREADY_GRABBED with the amount; SOLD_OUT (no share of the round is"
                                + " left in any pool); EXPIRED (the last round ended); NOT_STARTED with startsAt and"
                                + " retryAfterMillis (no round is on yet); TRY_AGAIN with retryAfterMillis",
                        content = @Content(schema = @Schema(implementation = CampaignGrabView.class))),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such campaign"),
                @ApiResponse(
                        responseCode = "403",
                        description = "NOT_A_MEMBER: the campaign is for a group the caller is not in"),
                @ApiResponse(
                        responseCode = "503",
                        description = "UNAVAILABLE: a backing store failed or no replica confirmed the grab; it may"
                                + " have happened: retrying is safe (see the message)")
            })
    @PostMapping("/api/v1/campaigns/{id}/grab")
    Mono<ResponseEntity<CampaignGrabView>> grab(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        long start = System.nanoTime();
        CampaignId campaign = campaignId(id);
        // Admitted already: CampaignAdmissionFilter answered the crowd over the admission before anything else ran.
        return Mono.fromCompletionStage(() -> grabbing.grab(campaign, UserId.of(caller.userId())))
                .map(grab -> answer(grab, id))
                // A pool Redis lost is rebuilt only once the database has every grant of it: nothing was decided.
                .onErrorResume(RebuildRefused::behind, refused -> Mono.just(tryAgain(admission.retryAfter())))
                .onErrorResume(CampaignController::refusedUnchanged, this::atTheLimits)
                .doOnNext(answer -> timers.record(answer.getBody().outcome(), start))
                .doOnError(failure -> timers.record(CampaignGrabTimers.FAILED, start))
                .onErrorMap(CampaignController::notReplicated)
                .onErrorMap(STORE_DOWN);
    }

    /**
     * A pool's grab refused before Redis changed anything: Redis short of memory or the database too far behind
     * (docs/api.md, Red packets). For the crowd that is the lossy edge too: come back later, as the refusal says.
     */
    private Mono<ResponseEntity<CampaignGrabView>> atTheLimits(Throwable failure) {
        admission.refusedAtTheLimits();
        long seconds = ((ApiException) unwrapped(failure)).retryAfterSeconds();
        return Mono.just(tryAgain(Duration.ofSeconds(seconds)));
    }

    /** Refusals carry a Retry-After and say nothing was changed; the grab path's other 503s may have happened. */
    private static boolean refusedUnchanged(Throwable failure) {
        return unwrapped(failure) instanceof ApiException refused
                && refused.code() == ErrorCode.UNAVAILABLE
                && refused.retryAfterSeconds() > 0;
    }

    private static Throwable unwrapped(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    private ResponseEntity<CampaignGrabView> answer(CampaignGrab grab, String id) {
        if (grab instanceof CampaignGrab.Granted granted) {
            return ResponseEntity.ok(CampaignGrabView.of("GRABBED", granted.amount()));
        }
        if (grab instanceof CampaignGrab.AlreadyGranted earlier) {
            return ResponseEntity.ok(CampaignGrabView.of("ALREADY_GRABBED", earlier.amount()));
        }
        if (grab instanceof CampaignGrab.SoldOut) {
            return ResponseEntity.ok(CampaignGrabView.of("SOLD_OUT", null));
        }
        if (grab instanceof CampaignGrab.Ended) {
            return ResponseEntity.ok(CampaignGrabView.of("EXPIRED", null));
        }
        if (grab instanceof CampaignGrab.NotStarted notStarted) {
            return notStarted(notStarted.startsAt());
        }
        if (grab instanceof CampaignGrab.TryAgain) {
            return tryAgain(admission.retryAfter());
        }
        if (grab instanceof CampaignGrab.NotInAudience) {
            throw new ApiException(ErrorCode.NOT_A_MEMBER, "this campaign is for its audience only");
        }
        throw ApiException.notFound("no campaign " + id);
    }

    private static ResponseEntity<CampaignGrabView> tryAgain(Duration after) {
        return ResponseEntity.ok()
                .header(HttpHeaders.RETRY_AFTER, CampaignGrabView.retryAfterSeconds(after.toMillis()))
                .body(new CampaignGrabView("TRY_AGAIN", null, after.toMillis(), null));
    }

    /** Before a round: come back when it starts (Retry-After in whole seconds, rounded up). */
    private ResponseEntity<CampaignGrabView> notStarted(Instant startsAt) {
        long millis = Math.max(0, Duration.between(clock.instant(), startsAt).toMillis());
        return ResponseEntity.ok()
                .header(HttpHeaders.RETRY_AFTER, CampaignGrabView.retryAfterSeconds(millis))
                .body(new CampaignGrabView("NOT_STARTED", null, millis, startsAt));
    }

    private static Throwable notReplicated(Throwable failure) {
        return ReplicaAckFailed.behind(failure) ? new ApiException(ErrorCode.UNAVAILABLE, NOT_REPLICATED) : failure;
    }

    private static CampaignId campaignId(String id) {
        if (!OpaqueIds.isWellFormed(id)) {
            throw ApiException.notFound("no campaign " + id);
        }
        return new CampaignId(id);
    }
}
