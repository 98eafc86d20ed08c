package io.hongbao.bench.http.load;

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

class HotWorkloadTest {

    private static final List<String> PACKETS = List.of("a", "b", "c");
    private static final List<String> TOKENS =
            IntStream.range(0, 25).mapToObj(i -> "t" + i).toList();

    @Test
    void freshAttemptsGiveEachShareOfAPacketToADifferentUser() {
        HotWorkload workload = new HotWorkload(PACKETS, TOKENS, 10, 0);
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
        HotWorkload workload = new HotWorkload(PACKETS, TOKENS, 10, 0.3);
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
        HotWorkload workload = new HotWorkload(PACKETS, TOKENS, 10, 0);
        assertThat(workload.grab(30).path()).isEqualTo(workload.grab(0).path());
    }

    /** Pins the sequence the hot profile hands out, so its figures stay comparable with every earlier run. */
    @Test
    void theHotSequenceIsTheOneEveryEarlierFigureWasMeasuredWith() {
        HotWorkload workload = new HotWorkload(PACKETS, TOKENS, 10, 0.05);
        SplittableRandom random = new SplittableRandom(31L * 3 + 7);
        StringBuilder sequence = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            Workload.Grab grab = workload.next(random);
            sequence.append(grab.path().charAt("/api/v1/packets/".length()))
                    .append(grab.bearer().substring("Bearer t".length()))
                    .append(' ');
        }
        assertThat(sequence.toString().trim())
                .isEqualTo("a0 a1 a0 a2 a3 a2 a4 a5 a6 a7 a8 a9 b10 b11 b12 b13 b14 b15 b16 b17 b18 b19"
                        + " c20 c21 c22 c23 c24 c0 c1 c2 c3 c4 a5 a6 a7 a8 a9 a10 a11 a12");
        assertThat(workload.freshAttempts()).isEqualTo(38);
    }

    @Test
    void refusesFewerUsersThanShares() {
        assertThatThrownBy(() -> new HotWorkload(PACKETS, TOKENS.subList(0, 5), 10, 0))
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
