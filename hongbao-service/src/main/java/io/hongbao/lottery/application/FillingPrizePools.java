package io.hongbao.lottery.application;

import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.HourPlacement;
import io.hongbao.lottery.model.release.PlacedUnit;
import io.hongbao.lottery.model.release.PlacingCursor;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.release.ReleaseSchedule;
import io.hongbao.lottery.model.release.UnpublishedHour;
import io.hongbao.platform.db.Transactions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Places each hour's prize units ahead of the hour and publishes them to the wheel's Redis pool (ADR 0020).
 *
 * <p>Two steps, each safe to repeat and to run on several instances at once. (1) In one transaction, under the
 * wheel's row lock: read how far the wheel is placed, plan the next slots, record each slot once (its primary key
 * refuses a second), reserve the units from the stock and move the cursor. (2) After commit, add the units to the pool
 * and mark the hours published. A crash between the two leaves hours unpublished; {@link #republish} adds them again
 * later through a script that skips units already won, so no unit can be won twice.
 */
public final class FillingPrizePools {

    private static final Logger log = LoggerFactory.getLogger(FillingPrizePools.class);

    /** Bounds one transaction: a week of slots (a campaign created long after its start places in several). */
    static final int MAX_SLOTS_PER_TRANSACTION = 24 * 7;

    private final ReleaseSchedule schedule;
    private final PrizePools pools;
    private final Transactions transactions;
    private final RandomGenerator random;
    private final Duration lookahead;

    public FillingPrizePools(
            ReleaseSchedule schedule,
            PrizePools pools,
            Transactions transactions,
            RandomGenerator random,
            Duration lookahead) {
        this.schedule = schedule;
        this.pools = pools;
        this.transactions = transactions;
        this.random = random;
        this.lookahead = lookahead;
    }

    /** Places and publishes every slot of every wheel that starts before {@code now + lookahead}. */
    public int fillDue(Instant now, int maxWheels) {
        return fillDue(now, maxWheels, FillingPrizePools::logged);
    }

    /**
     * As {@link #fillDue(Instant, int)}, telling {@code failed} about each wheel that could not be filled: one wheel
     * that cannot be filled (Redis away, a broken row) must not hold up the others. Returns the wheels due.
     */
    public int fillDue(Instant now, int maxWheels, BiConsumer<String, RuntimeException> failed) {
        List<WheelId> due = schedule.dueForPlacing(now.plus(lookahead), maxWheels);
        for (WheelId wheel : due) {
            try {
                fill(wheel, now);
            } catch (RuntimeException e) {
                failed.accept("wheel " + wheel.value(), e);
            }
        }
        return due.size();
    }

    /** Places and publishes the wheel's slots that start before {@code now + lookahead}; the units placed. */
    public int fill(WheelId wheel, Instant now) {
        int placed = 0;
        List<HourPlacement> hours;
        do {
            hours = transactions.inTransaction(() -> place(wheel, now));
            publish(wheel, hours);
            placed += hours.stream().mapToInt(h -> h.units().size()).sum();
        } while (hours.size() == MAX_SLOTS_PER_TRANSACTION);
        return placed;
    }

    /**
     * Step (1) alone, in the caller's transaction: so a wheel's creation and its first slots commit together. The
     * caller publishes the returned hours after commit.
     */
    public List<HourPlacement> place(WheelId wheel, Instant now) {
        Instant until = now.plus(lookahead);
        PlacingCursor cursor = schedule.lockForPlacing(wheel).orElse(null);
        if (cursor == null || cursor.isDone(until)) {
            return List.of();
        }
        List<HourPlacement> hours = cursor.wheel()
                .releasePlan()
                .place(cursor.placedUntil(), until, MAX_SLOTS_PER_TRANSACTION, cursor.stocks(), random);
        if (hours.isEmpty()) {
            return hours;
        }
        Instant placedUntil = hours.get(hours.size() - 1).hour().plus(Duration.ofHours(1));
        schedule.record(wheel, hours, placedUntil, now);
        return hours;
    }

    /**
     * Step (2): adds the hours' units to the pool, then marks the hours published. A pool Redis has lost is loaded
     * whole from the database instead (which includes these hours).
     */
    public void publish(WheelId wheel, List<HourPlacement> hours) {
        if (hours.isEmpty()) {
            return;
        }
        List<PlacedUnit> units = hours.stream().flatMap(h -> h.units().stream()).toList();
        if (!pools.publish(wheel, units).toCompletableFuture().join()) {
            load(wheel);
        }
        markPublished(wheel, hours);
    }

    /** Records that the hours' units are in the pool (after a {@link #load}). */
    public void markPublished(WheelId wheel, List<HourPlacement> hours) {
        if (!hours.isEmpty()) {
            schedule.markPublished(
                    wheel, hours.stream().map(HourPlacement::hour).toList());
        }
    }

    /**
     * Loads the wheel's pool whole from the database: every placed unit nobody won, and the won ones marked won. At
     * creation, and whenever Redis turns out to have lost the pool (a draw or a publish finds it not loaded). Safe to
     * repeat and to run beside draws: a unit won in Redis meanwhile is in its won set and stays out.
     */
    public void load(WheelId wheel) {
        pools.load(wheel, schedule.units(wheel)).toCompletableFuture().join();
    }

    /**
     * Publishes hours a crash (or a Redis outage) left unpublished. Only hours recorded before {@code recordedBefore}
     * are taken, to leave alone the ones an instance is publishing right now (repeating those would be harmless, but
     * wasted work).
     */
    public int republish(Instant recordedBefore, int limit) {
        return republish(recordedBefore, limit, FillingPrizePools::logged);
    }

    /** As {@link #republish(Instant, int)}, telling {@code failed} about each hour it could not publish. */
    public int republish(Instant recordedBefore, int limit, BiConsumer<String, RuntimeException> failed) {
        int published = 0;
        for (UnpublishedHour hour : schedule.unpublished(recordedBefore, limit)) {
            try {
                if (!pools.publish(hour.wheelId(), hour.units())
                        .toCompletableFuture()
                        .join()) {
                    load(hour.wheelId());
                }
                schedule.markPublished(hour.wheelId(), List.of(hour.hour()));
                published++;
            } catch (RuntimeException e) {
                failed.accept(
                        "hour " + hour.hour() + " of wheel " + hour.wheelId().value(), e);
            }
        }
        return published;
    }

    private static void logged(String item, RuntimeException failure) {
        log.warn("{} not published, retrying next pass: {}", item, failure.toString());
    }
}
