package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.LotterySettings;
import io.hongbao.lottery.application.RecoveringDraws;
import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Clock;

/** Finishes draws left pending by a crash between spending the points and recording the outcome. */
public final class DrawRecoveryWorker extends PeriodicWorker {

    private final RecoveringDraws recovering;
    private final LotterySettings.DrawRecovery settings;
    private final Clock clock;

    public DrawRecoveryWorker(RecoveringDraws recovering, LotterySettings.DrawRecovery settings, Clock clock) {
        super("lottery-draw-recovery", settings.every(), settings.enabled());
        this.recovering = recovering;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    protected int runOnce() {
        return recovering.recover(clock.instant(), settings.grace(), settings.batchSize(), this::itemFailed);
    }
}
