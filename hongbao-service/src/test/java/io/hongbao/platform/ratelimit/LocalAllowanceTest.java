package io.hongbao.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LocalAllowanceTest {

    @Test
    void aSubjectsFirstCallPassesLocallyAndTheNextOnesDoNot() {
        LocalAllowance allowance = new LocalAllowance(Duration.ofMinutes(1));

        assertThat(allowance.take("7")).isTrue();
        assertThat(allowance.take("7")).isFalse();
        assertThat(allowance.take("7")).isFalse();
        assertThat(allowance.take("8")).as("another subject has its own").isTrue();
    }

    @Test
    void theAllowanceComesBackAfterThePeriod() throws Exception {
        LocalAllowance allowance = new LocalAllowance(Duration.ofMillis(50));
        assertThat(allowance.take("7")).isTrue();

        Thread.sleep(200);

        assertThat(allowance.take("7")).isTrue();
    }

    @Test
    void ofManyConcurrentFirstCallsExactlyOnePassesLocally() throws Exception {
        LocalAllowance allowance = new LocalAllowance(Duration.ofMinutes(1));
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger passed = new AtomicInteger();
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Thread caller = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (allowance.take("7")) {
                    passed.incrementAndGet();
                }
            });
            caller.start();
            callers.add(caller);
        }

        start.countDown();
        for (Thread caller : callers) {
            caller.join();
        }

        assertThat(passed).hasValue(1);
    }

    @Test
    void theFillTimeOfEveryDefaultLimitIsTwoSeconds() {
        assertThat(Bucket.fillTime(new RateLimitSettings.Limit(true, 20, 40))).isEqualTo(Duration.ofSeconds(2));
        assertThat(Bucket.fillTime(new RateLimitSettings.Limit(true, 3, 1))).isEqualTo(Duration.ofNanos(333_333_333));
    }
}
