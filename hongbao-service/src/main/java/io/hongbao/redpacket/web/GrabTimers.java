package io.hongbao.redpacket.web;

import io.hongbao.redpacket.model.GrabOutcome;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * {@code hongbao.grab.requests}: every grab answer timed from the handler to the answer, tagged with its outcome —
 * the grab route's stand-in for {@code http.server.requests} (ADR 0051). The timers are registered once, so a grab
 * pays one clock read and one record, not an observation with its tag building and meter lookup.
 */
final class GrabTimers {

    static final String NAME = "hongbao.grab.requests";

    private final Timer grabbed;
    private final Timer alreadyGrabbed;
    private final Timer soldOut;
    private final Timer expired;
    private final Timer notFound;
    private final Timer notAMember;
    private final Timer failed;

    GrabTimers(MeterRegistry registry) {
        this.grabbed = timer(registry, "GRABBED");
        this.alreadyGrabbed = timer(registry, "ALREADY_GRABBED");
        this.soldOut = timer(registry, "SOLD_OUT");
        this.expired = timer(registry, "EXPIRED");
        this.notFound = timer(registry, "NOT_FOUND");
        this.notAMember = timer(registry, "NOT_A_MEMBER");
        this.failed = timer(registry, "FAILED");
    }

    void record(GrabOutcome outcome, long startNanos) {
        timerOf(outcome).record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    /** A grab that got no outcome: a store down or a bug (answered 503 or 500). */
    void recordFailure(long startNanos) {
        failed.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    private Timer timerOf(GrabOutcome outcome) {
        if (outcome instanceof GrabOutcome.Grabbed) {
            return grabbed;
        }
        if (outcome instanceof GrabOutcome.AlreadyGrabbed) {
            return alreadyGrabbed;
        }
        if (outcome instanceof GrabOutcome.SoldOut) {
            return soldOut;
        }
        if (outcome instanceof GrabOutcome.Expired) {
            return expired;
        }
        if (outcome instanceof GrabOutcome.NotFound) {
            return notFound;
        }
        return notAMember;
    }

    private static Timer timer(MeterRegistry registry, String outcome) {
        return Timer.builder(NAME)
                .description("grab answers by outcome, from the handler to the answer")
                .tag("outcome", outcome)
                .register(registry);
    }
}
