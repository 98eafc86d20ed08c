package io.hongbao.ops.infrastructure;

import io.hongbao.ops.application.PublishingFigures;
import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Duration;

/** Publishes this instance's figures every {@code publishEvery}, on a thread of its own. */
public final class FiguresWorker extends PeriodicWorker {

    private final PublishingFigures publishing;

    public FiguresWorker(PublishingFigures publishing, Duration every) {
        super("ops-figures", every, true);
        this.publishing = publishing;
    }

    @Override
    protected int runOnce() {
        publishing.publishOnce();
        return 1;
    }
}
