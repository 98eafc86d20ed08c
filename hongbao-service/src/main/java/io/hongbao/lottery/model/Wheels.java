package io.hongbao.lottery.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The wheels, as stored in the system of record. */
public interface Wheels {

    void add(Wheel wheel, Instant createdAt);

    Optional<Wheel> find(WheelId id);

    /** Each prize's released (release time ≤ {@code now}) and won units. */
    List<PrizeTally> tally(Wheel wheel, Instant now);
}
