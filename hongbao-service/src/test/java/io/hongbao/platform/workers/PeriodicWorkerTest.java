package io.hongbao.platform.workers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

class PeriodicWorkerTest {

    private static final Duration EVERY = Duration.ofMillis(10);

    @Test
    void aFailedPassDoesNotStopTheNextOnes() {
        AtomicInteger passes = new AtomicInteger();
        PeriodicWorker worker = worker(true, () -> {
            if (passes.incrementAndGet() == 1) {
                throw new IllegalStateException("the first pass fails");
            }
            return 1;
        });

        worker.start();
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> passes.get() >= 3);
        } finally {
            worker.stop();
        }
    }

    @Test
    void stoppingWaitsForThePassUnderWayToEndOnItsOwn() throws InterruptedException {
        CountDownLatch passStarted = new CountDownLatch(1);
        AtomicBoolean passEnded = new AtomicBoolean();
        AtomicBoolean interrupted = new AtomicBoolean();
        PeriodicWorker worker = worker(true, () -> {
            passStarted.countDown();
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                interrupted.set(true);
                return 0;
            }
            passEnded.set(true);
            return 1;
        });
        worker.start();
        assertThat(passStarted.await(5, TimeUnit.SECONDS)).isTrue();

        worker.stop();

        assertThat(passEnded).isTrue();
        assertThat(interrupted).isFalse();
        assertThat(worker.isRunning()).isFalse();
    }

    @Test
    void noPassRunsOnceStoppedAndAStoppedWorkerStartsAgain() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        PeriodicWorker worker = worker(true, passes::incrementAndGet);
        worker.start();
        await().atMost(Duration.ofSeconds(5)).until(() -> passes.get() >= 1);

        worker.stop();
        int afterStop = passes.get();
        Thread.sleep(EVERY.toMillis() * 10);
        assertThat(passes.get()).isEqualTo(afterStop);

        worker.start();
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> passes.get() > afterStop);
        } finally {
            worker.stop();
        }
    }

    @Test
    void aDisabledWorkerDoesNotStartWithTheApplicationButStartsWhenAsked() {
        AtomicInteger passes = new AtomicInteger();
        PeriodicWorker worker = worker(false, passes::incrementAndGet);

        assertThat(worker.isAutoStartup()).isFalse();
        worker.start();
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> passes.get() >= 1);
        } finally {
            worker.stop();
        }
    }

    private static PeriodicWorker worker(boolean enabled, IntSupplier pass) {
        return new PeriodicWorker("test-worker", EVERY, enabled) {
            @Override
            protected int runOnce() {
                return pass.getAsInt();
            }
        };
    }
}
