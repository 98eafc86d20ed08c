package io.hongbao.lottery.model.release;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * When a wheel releases its prizes: {@code [startsAt, endsAt)}, cut into UTC hour slots. The first and last slot may
 * be partial when the campaign does not start or end on the hour.
 */
public record Campaign(Instant startsAt, Instant endsAt) {

    /** A year and a day: long enough for any campaign, short enough to plan every hour of it at once. */
    public static final Duration MAX_LENGTH = Duration.ofDays(366);

    public Campaign {
        if (startsAt == null || endsAt == null) {
            throw new IllegalArgumentException("startsAt and endsAt are required");
        }
        startsAt = startsAt.truncatedTo(ChronoUnit.MILLIS);
        endsAt = endsAt.truncatedTo(ChronoUnit.MILLIS);
        if (!startsAt.isBefore(endsAt)) {
            throw new IllegalArgumentException("startsAt must be before endsAt");
        }
        if (Duration.between(startsAt, endsAt).compareTo(MAX_LENGTH) > 0) {
            throw new IllegalArgumentException("a campaign lasts at most " + MAX_LENGTH.toDays() + " days");
        }
    }

    /** The start of the first hour slot: {@code startsAt} rounded down to the hour. */
    public Instant firstHour() {
        return startsAt.truncatedTo(ChronoUnit.HOURS);
    }

    /** The slots from the one starting at {@code hour} (an hour start) to the end of the campaign. */
    public List<HourSlot> slotsFrom(Instant hour) {
        List<HourSlot> slots = new ArrayList<>();
        for (Instant start = hour.truncatedTo(ChronoUnit.HOURS);
                start.isBefore(endsAt);
                start = start.plus(HourSlot.ONE_HOUR)) {
            Instant end = start.plus(HourSlot.ONE_HOUR);
            Instant from = start.isBefore(startsAt) ? startsAt : start;
            Instant until = end.isAfter(endsAt) ? endsAt : end;
            if (from.isBefore(until)) {
                slots.add(new HourSlot(start, from, until));
            }
        }
        return slots;
    }
}
