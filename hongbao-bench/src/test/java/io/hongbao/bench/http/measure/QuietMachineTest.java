package io.hongbao.bench.http.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuietMachineTest {

    private final List<Long> slept = new ArrayList<>();

    /** A machine of two cores whose busy ticks grow by the given amounts each second (100 ticks per core-second). */
    private QuietMachine machineBusyFor(long... busyTicksPerSecond) {
        List<CpuMeter.MachineTicks> samples = new ArrayList<>();
        long busy = 0;
        long idle = 0;
        samples.add(new CpuMeter.MachineTicks(busy, idle));
        for (long ticks : busyTicksPerSecond) {
            busy += ticks;
            idle += 200 - ticks;
            samples.add(new CpuMeter.MachineTicks(busy, idle));
        }
        Iterator<CpuMeter.MachineTicks> next = samples.iterator();
        return new QuietMachine(next::next, 2, slept::add);
    }

    @Test
    void waitsUntilThreeSecondsInARowAreQuiet() throws InterruptedException {
        // 1.5 cores, 0.1, 0.8 (busy again), then 0.1, 0.2, 0.1
        QuietMachine machine = machineBusyFor(150, 10, 80, 10, 20, 10);

        QuietMachine.Settled settled = machine.await(Duration.ofSeconds(60));

        assertThat(settled.quiet()).isTrue();
        assertThat(settled.waited()).isEqualTo(Duration.ofSeconds(6));
        assertThat(slept).hasSize(6).containsOnly(1_000L);
    }

    @Test
    void givesUpAtTheLimitAndSaysTheMachineWasStillBusy() throws InterruptedException {
        QuietMachine machine = machineBusyFor(100, 100, 10, 100, 100);

        QuietMachine.Settled settled = machine.await(Duration.ofSeconds(5));

        assertThat(settled.quiet()).isFalse();
        assertThat(settled.waited()).isEqualTo(Duration.ofSeconds(5));
        assertThat(settled.lastBusyCores()).isEqualTo(1.0);
        assertThat(settled.describe()).contains("still busy (1.00 cores) after 5 s");
    }

    @Test
    void aZeroLimitDoesNotWaitAtAll() throws InterruptedException {
        QuietMachine machine = machineBusyFor(200, 200);

        QuietMachine.Settled settled = machine.await(Duration.ZERO);

        assertThat(settled.waited()).isZero();
        assertThat(slept).isEmpty();
    }
}
