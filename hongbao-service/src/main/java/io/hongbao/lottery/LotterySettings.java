package io.hongbao.lottery;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.lottery.*}; the defaults and what each setting means are in {@code application.yml}.
 *
 * @param poolFiller the worker that places and publishes each wheel's hours ahead of time
 * @param drawRecovery the worker that finishes draws a crash left pending
 * @param rememberOutcomes how long Redis keeps each draw's outcome after deciding it (far longer than any
 *     draw stays pending)
 * @param cachedWheels how many wheel definitions each instance keeps in memory
 * @param drawClock whose clock releases prize units to draws: Redis' (production) or the service's (a simulated clock)
 * @param drawBatch how draws without an Idempotency-Key are batched (ADR 0079)
 */
@ConfigurationProperties("hongbao.lottery")
public record LotterySettings(
        PoolFiller poolFiller,
        DrawRecovery drawRecovery,
        Duration rememberOutcomes,
        long cachedWheels,
        DrawClock drawClock,
        DrawBatch drawBatch) {

    public LotterySettings {
        Setting.present(poolFiller, "hongbao.lottery.pool-filler");
        Setting.present(drawRecovery, "hongbao.lottery.draw-recovery");
        Setting.positive(rememberOutcomes, "hongbao.lottery.remember-outcomes");
        Setting.positive(cachedWheels, "hongbao.lottery.cached-wheels");
        Setting.present(drawClock, "hongbao.lottery.draw-clock");
        Setting.present(drawBatch, "hongbao.lottery.draw-batch");
    }

    /**
     * @param maxBatch the most draws one batch spends, decides and records together
     * @param maxQueued the most draws that may wait in one database's lane; one more is refused at once, nothing spent
     * @param maxWait a draw that waited in its lane longer than this is refused, nothing spent, instead of spent
     */
    public record DrawBatch(int maxBatch, int maxQueued, Duration maxWait) {
        public DrawBatch {
            Setting.positive(maxBatch, "hongbao.lottery.draw-batch.max-batch");
            Setting.positive(maxQueued, "hongbao.lottery.draw-batch.max-queued");
            Setting.positive(maxWait, "hongbao.lottery.draw-batch.max-wait");
        }
    }

    /** Whose clock says which prize units are released when a draw is decided. */
    public enum DrawClock {
        /** Redis' own (TIME): one clock for every instance. */
        REDIS,
        /** The service's {@code Clock}: only for a simulated clock, as the instances' clocks may disagree. */
        SERVICE
    }

    /**
     * @param lookahead how far ahead of an hour its units are placed and published (also at a wheel's creation)
     * @param republishAfter an hour still unpublished this long after it was placed is published again
     * @param batchSize wheels, or unpublished hours, per pass
     */
    public record PoolFiller(
            Boolean enabled, Duration every, int batchSize, Duration lookahead, Duration republishAfter) {
        public PoolFiller {
            Setting.present(enabled, "hongbao.lottery.pool-filler.enabled");
            Setting.positive(every, "hongbao.lottery.pool-filler.every");
            Setting.positive(batchSize, "hongbao.lottery.pool-filler.batch-size");
            Setting.positive(lookahead, "hongbao.lottery.pool-filler.lookahead");
            Setting.positive(republishAfter, "hongbao.lottery.pool-filler.republish-after");
        }
    }

    /** @param grace a draw pending this long is finished by the worker (its request has died) */
    public record DrawRecovery(Boolean enabled, Duration every, Duration grace, int batchSize) {
        public DrawRecovery {
            Setting.present(enabled, "hongbao.lottery.draw-recovery.enabled");
            Setting.positive(every, "hongbao.lottery.draw-recovery.every");
            Setting.positive(grace, "hongbao.lottery.draw-recovery.grace");
            Setting.positive(batchSize, "hongbao.lottery.draw-recovery.batch-size");
        }
    }
}
