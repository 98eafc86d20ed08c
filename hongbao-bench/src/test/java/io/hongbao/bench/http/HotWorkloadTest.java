package io.hongbao.bench.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkloadTest {

    private static final List<String> PACKETS = List.of("a", "b", "c");
    private static final List<String> TOKENS =
            IntStream.range(0, 25).mapToObj(i -> "t" + i).toList();

    @Test
    void freshAttemptsGiveEachShareOfAPacketToADifferentUser() {
        Workload workload = new Workload(PACKETS, TOKENS, 10, 0);
        Map<String, Set<String>> usersByPacket = new HashMap<>();
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 30; i++) {
            Workload.Grab grab = workload.next(random);
            assertThat(usersByPacket
                            .computeIfAbsent(grab.path(), p -> new HashSet<>())
                            .add(grab.bearer()))
                    .isTrue();
        }
        assertThat(usersByPacket)
                .hasSize(3)
                .allSatisfy((path, users) -> assertThat(users).hasSize(10));
        assertThat(workload.freshAttempts()).isEqualTo(workload.capacity());
    }

    @Test
    void duplicatesRepeatAnEarlierPacketAndUserPair() {
        Workload workload = new Workload(PACKETS, TOKENS, 10, 0.3);
        Set<Workload.Grab> seen = new HashSet<>();
        SplittableRandom random = new SplittableRandom(7);
        int repeats = 0;
        for (int i = 0; i < 1_000; i++) {
            long freshBefore = workload.freshAttempts();
            Workload.Grab grab = workload.next(random);
            if (workload.freshAttempts() == freshBefore) {
                assertThat(seen).contains(grab);
                repeats++;
            }
            seen.add(grab);
        }
        assertThat(repeats).isBetween(250, 350);
    }

    @Test
    void pastItsCapacityTheWorkloadWrapsAroundToSoldOutPackets() {
        Workload workload = new Workload(PACKETS, TOKENS, 10, 0);
        assertThat(workload.grab(30).path()).isEqualTo(workload.grab(0).path());
    }

    @Test
    void refusesFewerUsersThanShares() {
        assertThatThrownBy(() -> new Workload(PACKETS, TOKENS.subList(0, 5), 10, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void packetsAreSizedSoTheRunDoesNotSellOut() {
        // 10,000 req/s for 75 s, 5% duplicates, 25% headroom: 890,625 fresh attempts → 891 packets of 1,000
        assertThat(PacketSizing.packetsFor(10_000, Duration.ofSeconds(15), Duration.ofSeconds(60), 0.05, 1000))
                .isEqualTo(891);
        assertThat(PacketSizing.packetsFor(1, Duration.ZERO, Duration.ofSeconds(1), 0, 1000))
                .isEqualTo(1);
    }
}
