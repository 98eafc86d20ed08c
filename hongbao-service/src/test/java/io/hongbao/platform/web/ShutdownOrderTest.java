package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

/**
 * The order a shutdown runs in (docs/api.md, change 23). Lifecycles stop from the highest phase down: the drain
 * (readiness already DOWN), then the web server's graceful shutdown (in-flight requests answered), then the workers
 * and the persister, and last the web server itself.
 */
class ShutdownOrderTest {

    @Test
    void theDrainStopsFirstThenTheWebServerAnswersWhatIsInFlightThenTheWorkersStop() {
        assertThat(Draining.PHASE).isGreaterThan(WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE);
        assertThat(WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE).isGreaterThan(PeriodicWorker.PHASE);
        assertThat(PeriodicWorker.PHASE).isGreaterThan(WebServerApplicationContext.START_STOP_LIFECYCLE_PHASE);
    }

    @Test
    void theDrainHoldsTheShutdownForItsDuration() {
        Draining draining = new Draining(Duration.ofMillis(300));
        draining.start();

        long start = System.nanoTime();
        draining.stop();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(draining.isRunning()).isFalse();
    }
}
