package io.hongbao.ops.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * Every interval (one second by default), this instance's figures since its previous interval onto the
 * {@link InstanceBoard}, and the entries of instances not seen for {@code forgetAfter} off it: an instance that
 * stopped leaves no entry behind for long, whichever instance is still running.
 */
public final class PublishingFigures {

    private final InstanceBoard board;
    private final Supplier<MeterReading> meters;
    private final Clock clock;
    private final Duration forgetAfter;
    private final String id;
    private final String host;
    private final Instant startedAt;
    private MeterReading previous;

    public PublishingFigures(
            InstanceBoard board,
            Supplier<MeterReading> meters,
            Clock clock,
            Duration forgetAfter,
            String id,
            String host) {
        this.board = board;
        this.meters = meters;
        this.clock = clock;
        this.forgetAfter = forgetAfter;
        this.id = id;
        this.host = host;
        this.startedAt = clock.instant();
        this.previous = meters.get();
    }

    public String id() {
        return id;
    }

    /** One interval: publishes and forgets; returns what it published. Called by one thread at a time. */
    public synchronized InstanceFigures publishOnce() {
        MeterReading now = meters.get();
        Figures figures =
                now.nanos() > previous.nanos() ? IntervalFigures.between(previous, now) : IntervalFigures.idle();
        previous = now;
        Instant at = clock.instant();
        InstanceFigures published = new InstanceFigures(id, host, startedAt, at, figures);
        board.publish(published);
        List<String> gone = board.all().stream()
                .filter(other -> other.lastSeenAt().isBefore(at.minus(forgetAfter)))
                .map(InstanceFigures::id)
                .toList();
        if (!gone.isEmpty()) {
            board.forget(gone);
        }
        return published;
    }
}
