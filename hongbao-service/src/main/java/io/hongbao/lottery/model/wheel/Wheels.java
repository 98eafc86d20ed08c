package io.hongbao.lottery.model.wheel;

import io.hongbao.lottery.model.WheelId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The wheels, as stored in the system of record. */
public interface Wheels {

    void add(Wheel wheel, Instant createdAt);

    Optional<Wheel> find(WheelId id);

    /** The wheels' ids, newest first, at most {@code limit}. */
    List<WheelId> newest(int limit);

    /** Each prize's released (release time ≤ {@code now}) and won units. */
    List<PrizeTally> tally(Wheel wheel, Instant now);
}
