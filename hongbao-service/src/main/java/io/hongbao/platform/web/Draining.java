package io.hongbao.platform.web;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.SmartLifecycle;

/**
 * The first step of a shutdown (docs/api.md, change 23). Closing the context, Spring Boot publishes
 * {@code ReadinessState.REFUSING_TRAFFIC} before it stops any lifecycle, so {@code /actuator/health/readiness}
 * answers 503 from then on; this lifecycle stops first (its phase is above the web server's graceful shutdown) and
 * holds the shutdown for {@code drainFor} while the instance still serves, so that a balancer checking readiness
 * takes it out before its port closes. Then the web server stops accepting connections and answers the requests in
 * flight (graceful shutdown), and only after that the workers and storage stop, in lower phases.
 */
final class Draining implements SmartLifecycle {

    /** Stops before {@code WebServerGracefulShutdownLifecycle}: lifecycles stop from the highest phase down. */
    static final int PHASE = WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE + 1;

    private static final Logger log = LoggerFactory.getLogger(Draining.class);

    private final Duration drainFor;
    private volatile boolean running;

    Draining(Duration drainFor) {
        this.drainFor = drainFor;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        if (drainFor.isZero()) {
            return;
        }
        log.info("readiness DOWN: serving {} ms more before refusing connections", drainFor.toMillis());
        try {
            Thread.sleep(drainFor.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
