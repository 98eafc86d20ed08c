package io.hongbao.redpacket.web;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.idempotency.Answer;
import io.hongbao.platform.idempotency.IdempotencyKey;
import io.hongbao.platform.idempotency.IdempotentRequests;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.platform.web.Paging;
import io.hongbao.redpacket.PacketLimits;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.ReadingHistory;
import io.hongbao.redpacket.application.ReadingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.SendOutcome;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.hongbao.redpacket.web.PacketViews.Items;
import io.hongbao.redpacket.web.PacketViews.MyGrabView;
import io.hongbao.redpacket.web.PacketViews.PacketSummaryView;
import io.hongbao.redpacket.web.PacketViews.PacketView;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

/** API.md, Red packets. */
@RestController
class RedPacketController {

    private static final Logger log = LoggerFactory.getLogger(RedPacketController.class);

    private final SendingRedPacket sending;
    private final PublishingRedPacket publishing;
    private final ReadingRedPacket reading;
    private final ReadingHistory history;
    private final IdempotentRequests idempotent;
    private final Blocking blocking;
    private final PacketLimits limits;
    private final Clock clock;

    RedPacketController(
            SendingRedPacket sending,
            PublishingRedPacket publishing,
            ReadingRedPacket reading,
            ReadingHistory history,
            IdempotentRequests idempotent,
            Blocking blocking,
            PacketLimits limits,
            Clock clock) {
        this.sending = sending;
        this.publishing = publishing;
        this.reading = reading;
        this.history = history;
        this.idempotent = idempotent;
        this.blocking = blocking;
        this.limits = limits;
        this.clock = clock;
    }

    @PostMapping("/api/v1/packets")
    Mono<ResponseEntity<String>> send(
            @AuthenticationPrincipal Caller caller,
            @RequestHeader(name = IdempotencyKey.HEADER, required = false) String key,
            @RequestBody SendPacketRequest body) {
        SendRedPacketCommand command = body.toCommand(caller.userId(), limits);
        AtomicReference<PacketState> sent = new AtomicReference<>();
        return idempotent
                .run(caller.userId(), IdempotencyKey.fromHeader(key), "POST /api/v1/packets", body, () -> {
                    PacketState state = sentOrRefused(sending.send(command));
                    sent.set(state);
                    return Answer.created(
                            PacketView.of(PacketReport.of(state.packet(), List.of(), 0, false), clock.instant()));
                })
                // Reached only after the commit (a failed commit errors the Mono): the packet's money is held before
                // it can be grabbed. A failed publish is not the sender's problem: the recovery worker, or the first
                // grab (which rebuilds from the database), publishes it.
                .flatMap(response -> sent.get() == null
                        ? Mono.just(response)
                        : Mono.fromCompletionStage(publishing.publishNew(sent.get()))
                                .onErrorResume(e -> {
                                    log.warn(
                                            "publishing packet {} failed; recovery will publish it: {}",
                                            sent.get().packet().id().value(),
                                            e.toString());
                                    return Mono.empty();
                                })
                                .thenReturn(response));
    }

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

    @GetMapping("/api/v1/me/grabs")
    Mono<Items<MyGrabView>> myGrabs(
            @AuthenticationPrincipal Caller caller, @RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> new Items<>(history.grabbed(UserId.of(caller.userId()), pageSize).stream()
                .map(MyGrabView::of)
                .toList()));
    }

    @GetMapping("/api/v1/me/packets")
    Mono<Items<PacketSummaryView>> myPackets(
            @AuthenticationPrincipal Caller caller, @RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> new Items<>(history.sent(UserId.of(caller.userId()), pageSize).stream()
                .map(report -> PacketSummaryView.of(report, clock.instant()))
                .toList()));
    }

    private static PacketState sentOrRefused(SendOutcome outcome) {
        if (outcome instanceof SendOutcome.Sent sent) {
            return sent.state();
        }
        if (outcome instanceof SendOutcome.InsufficientFunds) {
            throw new ApiException(ErrorCode.INSUFFICIENT_FUNDS, "the balance is below the packet's total");
        }
        if (outcome instanceof SendOutcome.NotInGroup) {
            throw ApiException.forbidden("only a member may send a packet to a group");
        }
        throw ApiException.notFound("no such group");
    }

    static PacketId packetId(String id) {
        if (!OpaqueIds.isWellFormed(id)) {
            throw ApiException.notFound("no such packet");
        }
        return new PacketId(id);
    }
}
