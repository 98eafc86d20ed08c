package io.hongbao.lottery.application;

import io.hongbao.lottery.model.release.HourPlacement;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.Transactions;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An operator creates a wheel. The wheel and the slots already due (elapsed hours, the current one and the lookahead)
 * commit in one transaction, so a wheel whose campaign has begun can be drawn from as soon as it is answered.
 */
public final class CreatingWheel {

    private static final Logger log = LoggerFactory.getLogger(CreatingWheel.class);

    private final Wheels wheels;
    private final FillingPrizePools filling;
    private final Transactions transactions;

    public CreatingWheel(Wheels wheels, FillingPrizePools filling, Transactions transactions) {
        this.wheels = wheels;
        this.filling = filling;
        this.transactions = transactions;
    }

    public Wheel create(Wheel wheel, Instant now) {
        List<HourPlacement> due = transactions.inTransaction(() -> {
            wheels.add(wheel, now);
            return filling.place(wheel.id(), now);
        });
        try {
            // Loading the new pool whole marks it loaded in Redis; it holds the hours just placed.
            filling.load(wheel.id());
            filling.markPublished(wheel.id(), due);
            filling.fill(wheel.id(), now); // the rest of a long elapsed stretch, a week per transaction
        } catch (RuntimeException e) {
            // The wheel is stored: answering an error now would claim nothing changed. The filler worker places what is
            // missing and republishes these hours once Redis and the database answer again.
            log.warn(
                    "wheel {} created, its first units wait for republishing: {}",
                    wheel.id().value(),
                    e.toString());
        }
        return wheel;
    }
}
