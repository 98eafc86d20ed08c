package io.hongbao.bench.strategies;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.strategies.Workload.Plan;
import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadTest {

    private final Workload workload = new Workload(5, 8, 100, 3, 0.25, 42);

    @Test
    void everyRunGetsTheSameMoneyUnderItsOwnPacketIds() {
        LabRun first = workload.packetsFor(1);
        LabRun second = workload.packetsFor(2);

        assertThat(first.packets()).hasSize(5);
        for (int i = 0; i < 5; i++) {
            LabPacket a = first.packets().get(i);
            LabPacket b = second.packets().get(i);
            assertThat(a.shares()).isEqualTo(b.shares()).hasSize(8);
            assertThat(a.id()).isEqualTo(LabRun.packetId(1, i));
            assertThat(b.id()).isEqualTo(LabRun.packetId(2, i));
        }
    }

    @Test
    void thePlanIsReproducibleAndIncludesDuplicateAttempts() {
        Plan plan = workload.plan();
        Plan again = workload.plan();

        assertThat(plan.packetIndex()).isEqualTo(again.packetIndex());
        assertThat(plan.userId()).isEqualTo(again.userId());
        assertThat(plan.size()).isGreaterThan(300); // 300 first attempts plus about a quarter repeated
        Set<Long> seen = new HashSet<>();
        int repeats = 0;
        for (int i = 0; i < plan.size(); i++) {
            assertThat(plan.packetIndex()[i]).isBetween(0, 4);
            assertThat(plan.userId()[i]).isBetween(1, 100);
            if (!seen.add(((long) plan.packetIndex()[i] << 32) | plan.userId()[i])) {
                repeats++;
            }
        }
        assertThat(repeats).isGreaterThan(50);
    }
}
