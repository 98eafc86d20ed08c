package io.hongbao.ops.infrastructure;

import io.hongbao.ops.application.PublishingFigures;
import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes this instance's figures every {@code publishEvery}, on a thread of its own. While Redis cannot take them
 * the failure is logged once, not every second, and the instance simply looks down on the dashboard.
 */
public final class FiguresWorker extends PeriodicWorker {

    private static final Logger log = LoggerFactory.getLogger(FiguresWorker.class);

    private final PublishingFigures publishing;
    /** Whether the last pass failed (the worker's thread only). */
    private boolean failing;

    public FiguresWorker(PublishingFigures publishing, Duration every) {
        super("ops-figures", every, true);
        this.publishing = publishing;
    }

    @Override
    protected int runOnce() {
        try {
            publishing.publishOnce();
            if (failing) {
                log.info("Publishing this instance's figures to Redis again");
            }
            failing = false;
            return 1;
        } catch (RuntimeException e) {
            if (!failing) {
                log.warn("Cannot publish this instance's figures to Redis, retrying every second: {}", e.toString());
            }
            failing = true;
            return 0;
        }
    }
}
