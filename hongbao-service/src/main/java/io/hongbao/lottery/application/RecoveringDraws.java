package io.hongbao.lottery.application;

import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes draws whose points were spent but whose outcome was never recorded: the service stopped (or Redis or the
 * database failed) between the steps of {@link DrawingPrize}. Only draws older than a grace period are taken, so a
 * draw in flight is normally left to its own request; finishing one twice would still be harmless, as every step is
 * idempotent by the draw id.
 */
public final class RecoveringDraws {

    private static final Logger log = LoggerFactory.getLogger(RecoveringDraws.class);

    private final Draws draws;
    private final DrawingPrize drawing;

    public RecoveringDraws(Draws draws, DrawingPrize drawing) {
        this.draws = draws;
        this.drawing = drawing;
    }

    /** Finishes up to {@code limit} draws pending since before {@code now - grace}; how many it finished. */
    public int recover(Instant now, Duration grace, int limit) {
        return recover(now, grace, limit, (draw, e) -> log.warn("{} is still pending: {}", draw, e.toString()));
    }

    /** As {@link #recover(Instant, Duration, int)}, telling {@code failed} about each draw it could not finish. */
    public int recover(Instant now, Duration grace, int limit, BiConsumer<String, RuntimeException> failed) {
        List<PendingDraw> pending = draws.pendingSince(now.minus(grace), limit);
        int finished = 0;
        for (PendingDraw draw : pending) {
            try {
                drawing.finish(draw, now).toCompletableFuture().join();
                finished++;
            } catch (RuntimeException e) {
                failed.accept("draw " + draw.id().value(), e);
            }
        }
        return finished;
    }
}
