package io.hongbao.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.chaos.FaultSchedule.Fault;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {

    private static final Duration STORM = Duration.ofMinutes(3);

    @Test
    void aSeedGivesTheSameScheduleEveryTimeAndAnotherSeedAnother() {
        assertThat(FaultSchedule.seeded(1, STORM)).isEqualTo(FaultSchedule.seeded(1, STORM));
        assertThat(FaultSchedule.seeded(2, STORM).faults())
                .isNotEqualTo(FaultSchedule.seeded(1, STORM).faults());
    }

    @Test
    void faultsComeOneAtATimeWithinTheStormAndTheDefaultStormHasEveryKind() {
        for (long seed = 1; seed <= 20; seed++) {
            List<Fault> faults = FaultSchedule.seeded(seed, STORM).faults();
            Set<String> kinds = new HashSet<>();
            for (int i = 0; i < faults.size(); i++) {
                Fault fault = faults.get(i);
                kinds.add(fault.target() + " " + fault.kind());
                assertThat(fault.at().plus(fault.expectedOutage())).isLessThan(STORM);
                if (i > 0) {
                    Fault before = faults.get(i - 1);
                    assertThat(fault.at()).isGreaterThan(before.at().plus(before.expectedOutage()));
                }
            }
            assertThat(kinds).as("seed %d", seed).hasSize(6);
        }
    }
}
