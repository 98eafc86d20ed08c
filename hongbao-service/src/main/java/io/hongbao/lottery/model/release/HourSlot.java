package io.hongbao.lottery.model.release;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * One UTC hour of a campaign: it starts at {@code start}, and the campaign covers {@code [coveredFrom, coveredUntil)}
 * of it (the whole hour except at a campaign's partial first or last hour).
 */
public record HourSlot(Instant start, Instant coveredFrom, Instant coveredUntil) {

    static final Duration ONE_HOUR = Duration.ofHours(1);

    public HourSlot {
        if (!coveredFrom.isBefore(coveredUntil)
                || coveredFrom.isBefore(start)
                || coveredUntil.isAfter(start.plus(ONE_HOUR))) {
            throw new IllegalArgumentException("a slot covers a non-empty part of its hour");
        }
    }

    public int hourOfDay() {
        return start.atOffset(ZoneOffset.UTC).getHour();
    }

    public long coveredMillis() {
        return coveredUntil.toEpochMilli() - coveredFrom.toEpochMilli();
    }

    /** The part of the hour the campaign covers, in (0, 1]. */
    public double coveredFraction() {
        return coveredMillis() / (double) ONE_HOUR.toMillis();
    }
}
