package io.hongbao.redpacket.web;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.application.ReadingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.web.PacketViews.PacketView;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Duration;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** docs/api.md, Red packets, Live packet events: a packet as it changes, as Server-Sent Events (ADR 0075). */
@RestController
@Tag(name = "Red packets")
class PacketEventsController {

    static final String EVENT = "packet";

    private final ReadingRedPacket reading;
    private final LivePackets live;
    private final LiveStreamCaps caps;
    private final Duration heartbeatEvery;
    private final long retryAfterSeconds;

    PacketEventsController(
            ReadingRedPacket reading, LivePackets live, LiveStreamCaps caps, RedPacketSettings settings) {
        this.reading = reading;
        this.live = live;
        this.caps = caps;
        this.heartbeatEvery = settings.live().heartbeatEvery();
        // Whole seconds, rounded up, as Retry-After needs.
        this.retryAfterSeconds = (settings.live().retryAfter().toMillis() + 999) / 1000;
    }

    @Operation(
            operationId = "packetEvents",
            summary = "A red packet as it changes, as Server-Sent Events",
            description = "Who may see the packet is checked first, as for `GET /api/v1/packets/{id}`, and answered"
                    + " as a JSON error. Then `text/event-stream`: an event `packet` whose `data` is the packet exactly"
                    + " as `GET /api/v1/packets/{id}` answers it, at once and again whenever it changes (a grab, sold"
                    + " out, expired, the refund recorded), within about `hongbao.redpacket.live.poll-every` (250 ms);"
                    + " and a comment line (`:heartbeat`) every `hongbao.redpacket.live.heartbeat-every` (15 s)."
                    + " The stream ends when the client closes it, or after the packet's last state once it is"
                    + " finished (sold out, or its refund recorded). A user holds at most"
                    + " `hongbao.redpacket.live.max-per-user` (10) streams on an instance (one more is 429"
                    + " `RATE_LIMITED`), an instance at most `hongbao.redpacket.live.max-per-instance` (one more is"
                    + " 503 `UNAVAILABLE`), both with `Retry-After`. Read it with `fetch()` (the token goes in the"
                    + " `Authorization` header, never in the URL), not `EventSource`, which cannot send headers.",
            responses = {
                @ApiResponse(
                        responseCode = "200",
                        description = "the stream of the packet's states",
                        content =
                                @Content(
                                        mediaType = MediaType.TEXT_EVENT_STREAM_VALUE,
                                        schema =
                                                @Schema(
                                                        type = "string",
                                                        description = "event: packet\\ndata: {the packet}\\n\\n ...",
                                                        example =
                                                                "event:packet\\ndata:{\"id\":\"1m854zc7rcp511m5sr0s\","
                                                                        + "...}\\n\\n"))),
                @ApiResponse(
                        responseCode = "403",
                        description = "FORBIDDEN: only the group's members may see this packet"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such packet"),
                @ApiResponse(
                        responseCode = "429",
                        description = "RATE_LIMITED: the caller already holds as many streams on this instance as it"
                                + " may; with Retry-After"),
                @ApiResponse(
                        responseCode = "503",
                        description = "UNAVAILABLE: this instance already holds as many streams as it may; with"
                                + " Retry-After")
            })
    @GetMapping(path = "/api/v1/packets/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    Mono<ResponseEntity<Flux<ServerSentEvent<PacketView>>>> events(
            @AuthenticationPrincipal Caller caller, @PathVariable String id) {
        PacketId packet = RedPacketController.packetId(id);
        // Before the packet is read: a refused stream costs nothing.
        LiveStreamCaps.Admission admission = caps.admit(caller.userId());
        if (admission instanceof LiveStreamCaps.OverUserCap over) {
            return Mono.error(ApiException.retryAfter(
                    ErrorCode.RATE_LIMITED,
                    "you already hold " + over.maxPerUser() + " packet event streams here; close one or retry later",
                    retryAfterSeconds));
        }
        if (admission instanceof LiveStreamCaps.OverInstanceCap) {
            return Mono.error(ApiException.retryAfter(
                    ErrorCode.UNAVAILABLE,
                    "this instance holds as many packet event streams as it may",
                    retryAfterSeconds));
        }
        LiveStreamCaps.Slot slot = ((LiveStreamCaps.Admitted) admission).slot();
        return Mono.fromCompletionStage(() -> reading.read(packet, UserId.of(caller.userId())))
                .map(result -> {
                    if (result instanceof ReadingRedPacket.Found) {
                        return ResponseEntity.ok()
                                .contentType(MediaType.TEXT_EVENT_STREAM)
                                .header("X-Accel-Buffering", "no")
                                .body(stream(packet).doFinally(signal -> slot.release()));
                    }
                    if (result instanceof ReadingRedPacket.NotVisible) {
                        throw ApiException.forbidden("only the group's members may see this packet");
                    }
                    throw ApiException.notFound("no such packet");
                })
                // Refused, failed or abandoned before its stream started: the slot goes back at once.
                .doOnError(failure -> slot.release())
                .doOnCancel(slot::release);
    }

    /** The packet's states with heartbeats between them; ends after the last state of a finished packet. */
    private Flux<ServerSentEvent<PacketView>> stream(PacketId packet) {
        Flux<ServerSentEvent<PacketView>> states = live.watch(packet)
                .map(view -> ServerSentEvent.builder(view).event(EVENT).build());
        Flux<ServerSentEvent<PacketView>> heartbeats = Flux.interval(heartbeatEvery, heartbeatEvery)
                .map(tick -> ServerSentEvent.<PacketView>builder()
                        .comment("heartbeat")
                        .build());
        return states.publish(shared -> Flux.merge(shared, heartbeats.takeUntilOther(shared.then(Mono.just(true)))));
    }
}
