package io.hongbao.redpacket.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class JitSettlingTest {

    private final AtomicLong compilingMillis = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();
    private final JitSettling jit = new JitSettling(Duration.ofSeconds(1), compilingMillis::get, nanos::get);

    @Test
    void aJitThatHasNotBeenWatchedForAWholeWindowIsNotSettled() {
        assertThat(jit.settled()).isFalse();
        advance(900, 0);
        assertThat(jit.settled()).as("0.9 s watched of a 1 s window").isFalse();
        advance(100, 0);
        assertThat(jit.settled()).isTrue();
    }

    @Test
    void compilersBusyForATenthOfTheWindowOrMoreAreNotSettled() {
        jit.settled();
        for (int step = 0; step < 10; step++) {
            advance(100, 10);
            jit.settled();
        }
        assertThat(jit.settled()).as("100 ms compiling in 1 s").isFalse();
    }

    @Test
    void theWindowSlidesSoABusyStartIsForgottenOnceAQuietWindowFollows() {
        jit.settled();
        for (int step = 0; step < 20; step++) {
            advance(100, 100);
            assertThat(jit.settled()).isFalse();
        }
        for (int step = 0; step < 9; step++) {
            advance(100, 2);
            assertThat(jit.settled()).as("step %d of the quiet second", step).isFalse();
        }
        advance(100, 2);
        assertThat(jit.settled()).as("a whole second at 2 ms per 100 ms").isTrue();
    }

    @Test
    void aJvmThatCannotSayHowLongItsCompilersTookNeverSettles() {
        JitSettling blind = new JitSettling(Duration.ofSeconds(1), () -> -1, nanos::get);
        blind.settled();
        advance(5_000, 0);
        assertThat(blind.settled()).isFalse();
    }

    private void advance(long millis, long compiling) {
        nanos.addAndGet(millis * 1_000_000);
        compilingMillis.addAndGet(compiling);
    }
}
