package io.hongbao.redpacket.web;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.idempotency.AnswerCodec;
import io.hongbao.platform.idempotency.IdempotencyKey;
import io.hongbao.platform.idempotency.IdempotentRequests;
import io.hongbao.platform.idempotency.Once;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.platform.redis.RedisMemory;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.platform.web.Paging;
import io.hongbao.redpacket.PacketLimits;
import io.hongbao.redpacket.application.ReadingGroupPackets;
import io.hongbao.redpacket.application.ReadingHistory;
import io.hongbao.redpacket.application.ReadingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.SendOutcome;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.hongbao.redpacket.web.PacketViews.Items;
import io.hongbao.redpacket.web.PacketViews.MyGrabView;
import io.hongbao.redpacket.web.PacketViews.PacketSummaryView;
import io.hongbao.redpacket.web.PacketViews.PacketView;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.List;
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

/** docs/api.md, Red packets. */
@RestController
@Tag(name = "Red packets", description = "Sending and grabbing red packets, and a user's history")
class RedPacketController {

    private static final AnswerCodec<PacketView> SENT = AnswerCodec.of(HttpStatus.CREATED, PacketView.class);

    private final SendingRedPacket sending;
    private final ReadingRedPacket reading;
    private final ReadingHistory history;
    private final ReadingGroupPackets groupPackets;
    private final IdempotentRequests idempotent;
    private final Blocking blocking;
    private final PacketLimits limits;
    private final RedisMemory memory;
    private final Clock clock;

    RedPacketController(
            SendingRedPacket sending,
            ReadingRedPacket reading,
            ReadingHistory history,
            ReadingGroupPackets groupPackets,
            IdempotentRequests idempotent,
            Blocking blocking,
            PacketLimits limits,
            RedisMemory memory,
            Clock clock) {
        this.sending = sending;
        this.reading = reading;
        this.history = history;
        this.groupPackets = groupPackets;
        this.idempotent = idempotent;
        this.blocking = blocking;
        this.limits = limits;
        this.memory = memory;
        this.clock = clock;
    }

    @Operation(
            operationId = "sendPacket",
            summary = "Send a red packet",
            description = "Debits `totalAmount` from the caller's balance before the packet can be grabbed, splits it"
                    + " into `count` shares (`RANDOM`: lucky shares; `EQUAL`: the same share each) and opens it to"
                    + " everyone, or to a group's members only. What nobody grabs before `expiresAt` goes back to the"
                    + " sender.",
            responses = {
                @ApiResponse(
                        responseCode = "201",
                        description = "the packet, before any grab",
                        content = @Content(schema = @Schema(implementation = PacketView.class))),
                @ApiResponse(responseCode = "403", description = "FORBIDDEN: only a member may send to a group"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such group"),
                @ApiResponse(
                        responseCode = "409",
                        description = "INSUFFICIENT_FUNDS: the balance is below the packet's total"),
                @ApiResponse(
                        responseCode = "503",
                        description = "UNAVAILABLE: Redis is short of memory, so nothing was debited or sent (retry"
                                + " later), or a backing store is down and the outcome is unknown (see the message)")
            })
    @PostMapping(PacketPaths.SEND)
    Mono<ResponseEntity<PacketView>> send(
            @AuthenticationPrincipal Caller caller,
            @RequestHeader(name = IdempotencyKey.HEADER, required = false) String key,
            @RequestBody SendPacketRequest body) {
        SendRedPacketCommand command = body.toCommand(caller.userId(), limits);
        // Before any money moves: a packet published into a full Redis could not be grabbed anyway (ADR 0067).
        memory.refuseNewWorkWhenNearlyFull();
        Once<PacketView> once =
                idempotent.once(caller.userId(), IdempotencyKey.fromHeader(key), "POST /api/v1/packets", body, SENT);
        return Mono.fromCompletionStage(() -> sending.send(
                        command,
                        once,
                        state -> PacketView.of(PacketReport.of(state.packet(), List.of(), 0, false), clock.instant())))
                .map(ran -> ResponseEntity.status(HttpStatus.CREATED).body(ran.answerOr(RedPacketController::refusal)));
    }

    @Operation(
            operationId = "packet",
            summary = "A red packet and its grabs",
            responses = {
                @ApiResponse(responseCode = "200", description = "the packet"),
                @ApiResponse(
                        responseCode = "403",
                        description = "FORBIDDEN: only the group's members may see this packet"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such packet")
            })
    @GetMapping("/api/v1/packets/{id}")
    Mono<PacketView> read(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        PacketId packet = packetId(id);
        return Mono.fromCompletionStage(reading.read(packet, UserId.of(caller.userId())))
                .map(result -> {
                    if (result instanceof ReadingRedPacket.Found found) {
                        return PacketView.of(found.report(), clock.instant());
                    }
                    if (result instanceof ReadingRedPacket.NotVisible) {
                        throw ApiException.forbidden("only the group's members may see this packet");
                    }
                    throw ApiException.notFound("no such packet");
                });
    }

    @Operation(
            operationId = "myGrabs",
            summary = "What the caller grabbed, newest first",
            description = "Grabs appear here asynchronously, normally well under a second after the grab's answer.")
    @GetMapping("/api/v1/me/grabs")
    Mono<Items<MyGrabView>> myGrabs(
            @AuthenticationPrincipal Caller caller, @RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> new Items<>(history.grabbed(UserId.of(caller.userId()), pageSize).stream()
                .map(MyGrabView::of)
                .toList()));
    }

    @Operation(operationId = "myPackets", summary = "The packets the caller sent, newest first")
    @GetMapping("/api/v1/me/packets")
    Mono<Items<PacketSummaryView>> myPackets(
            @AuthenticationPrincipal Caller caller, @RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> new Items<>(history.sent(UserId.of(caller.userId()), pageSize).stream()
                .map(report -> PacketSummaryView.of(report, clock.instant()))
                .toList()));
    }

    @Operation(
            operationId = "groupPackets",
            summary = "The packets sent to a group, newest first, for its members",
            description = "Each as in `GET /api/v1/me/packets`, without its grabs.",
            responses = {
                @ApiResponse(responseCode = "200", description = "the group's packets"),
                @ApiResponse(responseCode = "403", description = "FORBIDDEN: only members may see a group's packets"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such group")
            })
    @GetMapping("/api/v1/groups/{id}/packets")
    Mono<Items<PacketSummaryView>> groupPackets(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String id,
            @RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        if (!OpaqueIds.isWellFormed(id)) {
            throw ApiException.notFound("no such group");
        }
        return blocking.call(() -> groupPackets.newest(new GroupId(id), UserId.of(caller.userId()), pageSize))
                .map(reading -> {
                    if (reading instanceof ReadingGroupPackets.Found found) {
                        return new Items<>(found.packets().stream()
                                .map(report -> PacketSummaryView.of(report, clock.instant()))
                                .toList());
                    }
                    if (reading instanceof ReadingGroupPackets.NotVisible) {
                        throw ApiException.forbidden("only members may see a group's packets");
                    }
                    throw ApiException.notFound("no such group");
                });
    }

    private static ApiException refusal(SendOutcome outcome) {
        if (outcome instanceof SendOutcome.InsufficientFunds) {
            return new ApiException(ErrorCode.INSUFFICIENT_FUNDS, "the balance is below the packet's total");
        }
        if (outcome instanceof SendOutcome.NotInGroup) {
            return ApiException.forbidden("only a member may send a packet to a group");
        }
        return ApiException.notFound("no such group");
    }

    static PacketId packetId(String id) {
        if (!OpaqueIds.isWellFormed(id)) {
            throw ApiException.notFound("no such packet");
        }
        return new PacketId(id);
    }
}
