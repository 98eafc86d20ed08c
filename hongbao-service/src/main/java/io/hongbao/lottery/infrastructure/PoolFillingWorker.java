package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.LotterySettings;
import io.hongbao.lottery.application.FillingPrizePools;
import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Clock;

/** Places and publishes every wheel's hours ahead of time, and republishes hours a crash left unpublished. */
public final class PoolFillingWorker extends PeriodicWorker {

    private final FillingPrizePools filling;
    private final LotterySettings.PoolFiller settings;
    private final Clock clock;

    public PoolFillingWorker(FillingPrizePools filling, LotterySettings.PoolFiller settings, Clock clock) {
        super("lottery-pool-filler", settings.every(), settings.enabled());
        this.filling = filling;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    protected int runOnce() {
        int wheels = filling.fillDue(clock.instant(), settings.batchSize(), this::itemFailed);
        int hours = filling.republish(
                clock.instant().minus(settings.republishAfter()), settings.batchSize(), this::itemFailed);
        return wheels + hours;
    }
}
