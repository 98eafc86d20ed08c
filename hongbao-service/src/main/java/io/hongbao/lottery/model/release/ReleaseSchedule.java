package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.WheelId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Which units of which prize are released when (the database's copy of the wheels' pools). Filling one wheel is
 * serialised by a lock on the wheel, so several service instances can fill at once without placing an hour twice.
 */
public interface ReleaseSchedule {

    /** Wheels with slots starting before {@code until} not placed yet. */
    List<WheelId> dueForPlacing(Instant until, int limit);

    /** Locks the wheel for placing until the surrounding transaction ends; empty for an unknown wheel. */
    Optional<PlacingCursor> lockForPlacing(WheelId id);

    /**
     * Records placed hours (each hour once: a second recording fails), reserves their units from the prizes' stock and
     * moves the cursor to {@code placedUntil}. Runs in the transaction of {@link #lockForPlacing}.
     */
    void record(WheelId id, List<HourPlacement> hours, Instant placedUntil, Instant now);

    /** Placed hours not yet marked published, recorded before {@code recordedBefore}, minus units already won. */
    List<UnpublishedHour> unpublished(Instant recordedBefore, int limit);

    void markPublished(WheelId id, List<Instant> hours);

    /** Every unit the wheel has placed: to load its pool whole into a Redis that lost it. */
    WheelUnits units(WheelId id);
}
