package io.hongbao.lottery.application;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.wheel.WheelStatus;
import io.hongbao.lottery.model.wheel.Wheels;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Anyone looks at a wheel's prizes; a user looks at their own draws. */
public final class ReadingWheels {

    private final Wheels wheels;
    private final Draws draws;

    public ReadingWheels(Wheels wheels, Draws draws) {
        this.wheels = wheels;
        this.draws = draws;
    }

    public Optional<WheelStatus> wheel(WheelId id, Instant now) {
        return wheels.find(id).map(wheel -> new WheelStatus(wheel, wheels.tally(wheel, now)));
    }

    /** The newest wheels, each as {@link #wheel} reads it. */
    public List<WheelStatus> newest(int limit, Instant now) {
        return wheels.newest(limit).stream()
                .map(id -> wheel(id, now))
                .flatMap(Optional::stream)
                .toList();
    }

    public List<DrawResult> myDraws(UserId user, int limit) {
        return draws.recent(user, limit);
    }
}
