package io.hongbao.bench.http.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuMeterTest {

    @Test
    void readsUserAndSystemTicksEvenWhenTheCommandNameHasSpaces() {
        String stat = "4242 (java (bench) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 750 250 0 0 20 0 30 0 1 2 3";
        assertThat(CpuMeter.processTicks(stat)).isEqualTo(1000);
    }

    @Test
    void splitsMachineTicksIntoBusyAndIdle() {
        String stat = "cpu  100 10 50 800 40 5 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n";
        assertThat(CpuMeter.machineTicks(stat)).isEqualTo(new CpuMeter.MachineTicks(170, 840));
    }

    @Test
    void chargesCoresAndMicrosecondsPerRequest() {
        CpuMeter.Snapshot begin =
                new CpuMeter.Snapshot(0, new CpuMeter.MachineTicks(0, 0), Map.of("target", 100L, "redis", 10L));
        CpuMeter.Snapshot end = new CpuMeter.Snapshot(
                10_000_000_000L, new CpuMeter.MachineTicks(1500, 500), Map.of("target", 1100L, "redis", 210L));
        CpuUsage usage = CpuMeter.between(begin, end, 100_000, "target");
        assertThat(usage.processCores().get("target")).isEqualTo(1.0);
        assertThat(usage.processCores().get("redis")).isEqualTo(0.2);
        // 10 s of one core over 100,000 requests
        assertThat(usage.targetMicrosPerRequest()).isEqualTo(100.0);
        double machine = 0.75 * Runtime.getRuntime().availableProcessors();
        assertThat(usage.machineCores()).isEqualTo(machine);
        assertThat(usage.otherCores()).isEqualTo(Math.max(0, machine - 1.2), org.assertj.core.data.Offset.offset(1e-9));
    }
}
