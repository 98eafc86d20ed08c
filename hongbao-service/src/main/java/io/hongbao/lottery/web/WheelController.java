package io.hongbao.lottery.web;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.application.CreatingWheel;
import io.hongbao.lottery.application.DrawingInBatches;
import io.hongbao.lottery.application.ReadingWheels;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawAttempt;
import io.hongbao.lottery.model.draw.DrawKey;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.web.WheelRequests.CreateWheelRequest;
import io.hongbao.lottery.web.WheelViews.DrawView;
import io.hongbao.lottery.web.WheelViews.DrawsView;
import io.hongbao.lottery.web.WheelViews.PendingDrawView;
import io.hongbao.lottery.web.WheelViews.WheelView;
import io.hongbao.lottery.web.WheelViews.WheelsView;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.idempotency.IdempotencyKey;
import io.hongbao.platform.idempotency.IdempotencyRecords;
import io.hongbao.platform.redis.RedisMemory;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.platform.web.Paging;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** docs/api.md, Lottery wheels: an operator creates wheels; users draw and look at wheels and their own draws. */
@RestController
@Tag(name = "Lottery wheels", description = "Wheels an operator creates; draws users pay for with points")
class WheelController {

    private final CreatingWheel creating;
    private final DrawingInBatches batches;
    private final ReadingWheels reading;
    private final Blocking blocking;
    private final RedisMemory memory;
    private final Clock clock;

    WheelController(
            CreatingWheel creating,
            DrawingInBatches batches,
            ReadingWheels reading,
            Blocking blocking,
            RedisMemory memory,
            Clock clock) {
        this.creating = creating;
        this.batches = batches;
        this.reading = reading;
        this.blocking = blocking;
        this.memory = memory;
        this.clock = clock;
    }

    @Operation(
            operationId = "createWheel",
            summary = "Create a lottery wheel (admin)",
            description = "Prizes are released over [startsAt, endsAt): each hour gets a share of the remaining stock"
                    + " in proportion to its weight, at random moments inside that hour.",
            responses =
                    @ApiResponse(
                            responseCode = "201",
                            description = "the wheel",
                            content = @Content(schema = @Schema(implementation = WheelView.class))))
    @PostMapping("/api/v1/admin/wheels")
    Mono<ResponseEntity<WheelView>> create(@RequestBody CreateWheelRequest body) {
        Wheel wheel = body.toWheel();
        return blocking.call(() -> {
                    creating.create(wheel, clock.instant());
                    return reading.wheel(wheel.id(), clock.instant()).orElseThrow();
                })
                .map(status -> ResponseEntity.status(HttpStatus.CREATED).body(WheelView.of(status)));
    }

    @Operation(
            operationId = "wheels",
            summary = "The wheels, newest first",
            description = "Each as `GET /api/v1/wheels/{id}` answers it.")
    @GetMapping("/api/v1/wheels")
    Mono<WheelsView> wheels(@RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> new WheelsView(reading.newest(pageSize, clock.instant()).stream()
                .map(WheelView::of)
                .toList()));
    }

    @Operation(
            operationId = "wheel",
            summary = "A wheel and how much of each prize is released and won",
            responses = {
                @ApiResponse(responseCode = "200", description = "the wheel"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such wheel")
            })
    @GetMapping("/api/v1/wheels/{id}")
    Mono<WheelView> wheel(@PathVariable String id) {
        WheelId wheel = wheelId(id);
        return blocking.call(() -> reading.wheel(wheel, clock.instant())
                .map(WheelView::of)
                .orElseThrow(() -> ApiException.notFound("no wheel " + id)));
    }

    /**
     * {@link DrawingInBatches#draw}: with an Idempotency-Key, a repeat answers the first request's draw (ADR 0021,
     * ADR 0098).
     */
    @Operation(
            operationId = "draw",
            summary = "Spin a wheel",
            description = "Spends the wheel's draw cost in points and wins the earliest released prize nobody won yet,"
                    + " or the consolation when none is released: every draw wins something.",
            responses = {
                @ApiResponse(
                        responseCode = "200",
                        description = "what the draw won",
                        content = @Content(schema = @Schema(implementation = DrawView.class))),
                @ApiResponse(
                        responseCode = "202",
                        description = "PENDING: the points are spent but the outcome could not be decided now (a"
                                + " backing store failed, or no Redis replica confirmed the decision in time); the"
                                + " service finishes the draw within seconds, and"
                                + " `GET /api/v1/me/draws` (or a repeat with the same Idempotency-Key) shows it. Also"
                                + " when the database did not acknowledge the spend's commit: the draw is then spent"
                                + " and finished like any PENDING one, or was never spent and never appears; it is"
                                + " never spent twice",
                        content = @Content(schema = @Schema(implementation = PendingDrawView.class))),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such wheel"),
                @ApiResponse(
                        responseCode = "409",
                        description = "INSUFFICIENT_POINTS: the caller has fewer points than the draw costs"),
                @ApiResponse(
                        responseCode = "503",
                        description = "UNAVAILABLE: the prize pools are unreachable or Redis is short of memory,"
                                + " checked before spending, or too many draws wait on the caller's database (then"
                                + " with `Retry-After`): nothing was spent, retry later (see the message)")
            })
    @PostMapping(WheelPaths.DRAW)
    Mono<ResponseEntity<Object>> draw(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String id,
            @RequestHeader(name = IdempotencyKey.HEADER, required = false) String key) {
        IdempotencyKey idempotencyKey = IdempotencyKey.fromHeader(key);
        WheelId wheel = wheelId(id);
        // Before any point is spent: the headroom left is for the draws already paid for (ADR 0067).
        memory.refuseNewWorkWhenNearlyFull();
        UserId user = UserId.of(caller.userId());
        // With or without a key the draw joins the next batch (ADR 0079), whose spend records the key (ADR 0098).
        Optional<DrawKey> drawKey = Optional.ofNullable(idempotencyKey)
                .map(k ->
                        new DrawKey(k.value(), IdempotencyRecords.fingerprint("POST /api/v1/wheels/" + id + "/draw")));
        return Mono.fromCompletionStage(() -> batches.draw(user, wheel, clock.instant(), drawKey))
                .map(attempt -> answer(attempt, wheel));
    }

    @Operation(operationId = "myDraws", summary = "The caller's draws, newest first")
    @GetMapping("/api/v1/me/draws")
    Mono<DrawsView> myDraws(@AuthenticationPrincipal Caller caller, @RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> DrawsView.of(reading.myDraws(UserId.of(caller.userId()), pageSize)));
    }

    private static ResponseEntity<Object> answer(DrawAttempt attempt, WheelId wheel) {
        if (attempt instanceof DrawAttempt.Drawn drawn) {
            return ResponseEntity.ok(DrawView.of(drawn.result()));
        }
        if (attempt instanceof DrawAttempt.Undecided undecided) {
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(PendingDrawView.of(undecided.draw()));
        }
        SpendOutcome outcome = ((DrawAttempt.Refused) attempt).reason();
        if (outcome instanceof SpendOutcome.InsufficientPoints insufficient) {
            throw new ApiException(
                    ErrorCode.INSUFFICIENT_POINTS, "a draw costs " + insufficient.drawCost() + " points");
        }
        if (outcome instanceof SpendOutcome.KeyReused) {
            throw new ApiException(
                    ErrorCode.IDEMPOTENCY_KEY_REUSED, "this Idempotency-Key was used for a different request");
        }
        if (outcome instanceof SpendOutcome.PoolUnreachable) {
            throw new ApiException(ErrorCode.UNAVAILABLE, "the prize pools are unreachable; nothing was spent");
        }
        if (outcome instanceof SpendOutcome.LaneBusy busy) {
            throw ApiException.retryAfter(
                    ErrorCode.UNAVAILABLE,
                    busy.why() == SpendOutcome.Why.LANE_FULL
                            ? "too many draws are waiting; nothing was spent: retry later"
                            : "the draw waited too long to be spent; nothing was spent: retry later",
                    1);
        }
        throw ApiException.notFound("no wheel " + wheel.value());
    }

    private static WheelId wheelId(String id) {
        return WheelId.parse(id).orElseThrow(() -> ApiException.notFound("no wheel " + id));
    }
}
