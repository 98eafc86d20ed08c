package io.hongbao.redpacket.web;

import io.hongbao.redpacket.application.ReadingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.web.PacketViews.PacketView;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The watched packets of this instance (ADR 0075): one poller per packet, shared by all its viewers here, started by
 * the first and stopped after the last. Every {@code pollEvery} it reads the packet as {@code GET} answers it and passes
 * it on only when it changed. So the events come from the state every instance shares, a grab answered by another
 * instance included, and their cost is one read per watched packet and instance per poll, whatever the number of
 * viewers, and nothing on the grab path.
 *
 * <p>What a poll reads ({@link ReadingRedPacket#follow}): the stored packet once, when the poller starts (it never
 * changes); then Redis alone while it holds the packet open, with no database read; the database only once Redis closed
 * the packet (for its refund) or does not hold it. Once the packet is finished (sold out, or its refund recorded) the
 * poller passes on that last state and ends, and so do its viewers' streams.
 *
 * <p>A new viewer gets the latest reading at once (the shared flux replays it), then every change. A failed read (Redis
 * or the database briefly away) is skipped: the next poll tries again, and the stream stays open.
 */
public final class LivePackets {

    private static final Logger log = LoggerFactory.getLogger(LivePackets.class);

    private final ReadingRedPacket reading;
    private final Duration pollEvery;
    private final Clock clock;
    private final ConcurrentMap<PacketId, Flux<PacketView>> watched = new ConcurrentHashMap<>();
    private final Counter started;
    private final Counter finished;

    public LivePackets(ReadingRedPacket reading, Duration pollEvery, Clock clock, MeterRegistry registry) {
        this.reading = reading;
        this.pollEvery = pollEvery;
        this.clock = clock;
        Gauge.builder("hongbao.live.packets.watched", watched, ConcurrentMap::size)
                .description("packets this instance polls for event streams (one poller each, whatever the viewers)")
                .register(registry);
        this.started = Counter.builder("hongbao.live.pollers.started")
                .description("pollers started for watched packets")
                .register(registry);
        this.finished = Counter.builder("hongbao.live.pollers.finished")
                .description("pollers that ended because their packet was finished (sold out, or refunded)")
                .register(registry);
    }

    /**
     * The packet as it is now, then each time it changes, for as long as the subscriber stays; completes after the
     * packet's last state once it is finished.
     */
    Flux<PacketView> watch(PacketId id) {
        // Looked up when subscribed: a poller that stopped has left the map, and the next viewer starts a new one.
        return Flux.defer(() -> watched.computeIfAbsent(id, this::poller));
    }

    private Flux<PacketView> poller(PacketId id) {
        started.increment();
        // The stored packet, read by the first poll: it never changes, so later polls do not read it again.
        AtomicReference<RedPacket> known = new AtomicReference<>();
        AtomicReference<Flux<PacketView>> self = new AtomicReference<>();
        self.set(Flux.interval(Duration.ZERO, pollEvery)
                // A read slower than the period skips ticks instead of queueing them.
                .onBackpressureDrop()
                .concatMap(tick -> read(id, known), 1)
                // The finished state is the last: passed on, then the poller ends.
                .takeUntil(followed -> {
                    if (followed.finished()) {
                        finished.increment();
                    }
                    return followed.finished();
                })
                .map(followed -> PacketView.of(followed.report(), clock.instant()))
                .distinctUntilChanged()
                // After the last viewer left (refCount cancels the polling); only this poller, never a newer one.
                .doFinally(signal -> watched.remove(id, self.get()))
                .replay(1)
                .refCount());
        return self.get();
    }

    private Mono<ReadingRedPacket.Followed> read(PacketId id, AtomicReference<RedPacket> known) {
        return Mono.fromCompletionStage(() -> reading.follow(id, Optional.ofNullable(known.get())))
                .flatMap(Mono::justOrEmpty)
                .doOnNext(followed -> known.set(followed.packet()))
                .onErrorResume(failure -> {
                    log.debug(
                            "live packet {}: a poll failed, the next one tries again: {}",
                            id.value(),
                            failure.toString());
                    return Mono.empty();
                });
    }
}
