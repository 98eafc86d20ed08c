package io.hongbao.bench.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RealisticWorkloadTest {

    /** The defaults: a million users, 4,000 active packets, the 40 most popular of 1,000 shares, the rest 5–20. */
    private static final RealisticShape DEFAULTS =
            new RealisticShape(1_000_000, 4_000, 1.0, 40, 1000, 5, 20, 0.9, 0, 100);

    /** Packets sized as a run of 10,000 req/s over 15 + 60 s would get them. */
    private static RealisticWorkload workload(RealisticShape shape) {
        RealisticShape.Packets count = shape.packetsFor(10_000, Duration.ofSeconds(15), Duration.ofSeconds(60));
        List<String> group = ids("g", count.group());
        List<String> small = ids("s", count.small());
        int[] shares = shape.smallShares(count.small(), 1);
        return new RealisticWorkload(shape, group, small, shares, user -> "u" + user, 1);
    }

    private static List<String> ids(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> prefix + i).toList();
    }

    /** Grabs per packet path, and which users grabbed it. */
    private record Tally(Map<String, Integer> grabs, Map<String, Set<String>> users, long total) {}

    private static Tally tally(Workload workload, int count, long seed) {
        Map<String, Integer> grabs = new HashMap<>();
        Map<String, Set<String>> users = new HashMap<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            Workload.Grab grab = workload.next(random);
            grabs.merge(grab.path(), 1, Integer::sum);
            assertThat(users.computeIfAbsent(grab.path(), p -> new HashSet<>()).add(grab.bearer()))
                    .as("%s grabbed %s a second time", grab.bearer(), grab.path())
                    .isTrue();
        }
        return new Tally(grabs, users, count);
    }

    @Test
    void noUserGrabsAPacketTwiceAndNoPacketGetsMoreGrabsThanShares() {
        RealisticWorkload workload = workload(DEFAULTS);
        Tally tally = tally(workload, 400_000, 11);

        assertThat(tally.grabs())
                .allSatisfy((path, grabs) -> assertThat(grabs).isLessThanOrEqualTo(path.contains("/g") ? 1000 : 20));
        assertThat(workload.freshAttempts()).isEqualTo(400_000);
        assertThat(workload.attemptsPastCapacity()).isZero();
    }

    @Test
    void theTopOnePercentOfPacketsDrawALargeShareOfGrabsAndMostPacketsGetSome() {
        Tally tally = tally(workload(DEFAULTS), 400_000, 12);

        List<Integer> byPopularity = new ArrayList<>(tally.grabs().values());
        byPopularity.sort((a, b) -> b - a);
        int top = byPopularity.size() / 100;
        long topGrabs = byPopularity.subList(0, top).stream()
                .mapToLong(Integer::longValue)
                .sum();
        assertThat((double) topGrabs / tally.total())
                .as("share of the top 1%% of packets")
                .isGreaterThan(0.4);
        // Packets 0..3959 are the small ones the ranks start with: even the least popular rank draws a few grabs.
        long startedWithSome = IntStream.range(0, DEFAULTS.smallPackets())
                .filter(i -> tally.grabs().containsKey(Workload.grabPath("s" + i)))
                .count();
        assertThat(startedWithSome).isGreaterThan(DEFAULTS.smallPackets() * 9 / 10);
        assertThat(tally.grabs().keySet())
                .as("ranks moved on to packets beyond the first")
                .hasSizeGreaterThan(8_000);
    }

    @Test
    void grabsSpreadOverTheWholePopulationEachUserGrabbingAFew() {
        RealisticShape shape = new RealisticShape(20_000, 400, 1.0, 4, 1000, 5, 20, 0.9, 0, 100);
        Tally tally = tally(workload(shape), 60_000, 13);

        Map<String, Integer> grabsPerUser = new HashMap<>();
        tally.users().values().forEach(users -> users.forEach(u -> grabsPerUser.merge(u, 1, Integer::sum)));
        // 60,000 grabs over 20,000 users: 3 on average, so nearly everyone appears (1 − e^−3 ≈ 95%)
        assertThat(grabsPerUser.size()).isGreaterThan(18_000);
        assertThat(grabsPerUser.keySet())
                .allSatisfy(
                        user -> assertThat(Long.parseLong(user.substring(1))).isBetween(0L, 19_999L));
        assertThat(grabsPerUser.values().stream()
                        .mapToInt(Integer::intValue)
                        .max()
                        .orElseThrow())
                .isLessThan(20);
    }

    @Test
    void theUserPopulationIsAsLargeAsAsked() {
        Set<String> users = new HashSet<>();
        RealisticShape shape = new RealisticShape(1_000_000, 4_000, 1.0, 40, 1000, 5, 20, 0.9, 0, 100);
        RealisticWorkload workload = workload(shape);
        SplittableRandom random = new SplittableRandom(14);
        long highest = 0;
        for (int i = 0; i < 1_000_000; i++) {
            String user = workload.next(random).bearer();
            users.add(user);
            highest = Math.max(highest, Long.parseLong(user.substring(1)));
        }
        // A million grabs over a million users drawn evenly: about 1 − 1/e of them appear, up to the last index.
        assertThat(users.size()).isBetween(600_000, 660_000);
        assertThat(highest).isBetween(999_000L, 999_999L);
    }

    @Test
    void duplicatesRepeatAnEarlierGrabOfTheSamePacket() {
        RealisticShape shape = new RealisticShape(10_000, 100, 1.0, 2, 1000, 5, 20, 0.9, 0.2, 100);
        RealisticWorkload workload = workload(shape);
        Set<Workload.Grab> seen = new HashSet<>();
        SplittableRandom random = new SplittableRandom(15);
        int repeats = 0;
        for (int i = 0; i < 20_000; i++) {
            long freshBefore = workload.freshAttempts();
            Workload.Grab grab = workload.next(random);
            if (workload.freshAttempts() == freshBefore) {
                assertThat(seen).contains(grab);
                repeats++;
            } else {
                assertThat(seen.add(grab)).isTrue();
            }
        }
        assertThat(repeats).isBetween(3_400, 4_400);
    }

    @Test
    void whenAKindOfPacketRunsOutItsRanksAnswerSoldOutAndTheRunSaysSo() {
        RealisticShape shape = new RealisticShape(1_000, 2, 0, 1, 10, 5, 5, 0.9, 0, 100);
        RealisticWorkload workload =
                new RealisticWorkload(shape, List.of("g0"), List.of("s0", "s1"), new int[] {5, 5}, u -> "u" + u, 1);
        tally(workload, 40, 16);

        assertThat(workload.capacity()).isEqualTo(20);
        assertThat(workload.attemptsPastCapacity()).isEqualTo(20);
    }

    @Test
    void refusesFewerPacketsThanRanks() {
        assertThatThrownBy(
                        () -> new RealisticWorkload(DEFAULTS, ids("g", 40), ids("s", 10), new int[10], u -> "u" + u, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theGeneratorsStateForAMillionUsersIsAFewMegabytes() {
        RealisticShape.Packets count = DEFAULTS.packetsFor(10_000, Duration.ofSeconds(60), Duration.ofSeconds(60));
        List<String> group = ids("0000000000000000000000000000000000" + "g", count.group());
        List<String> small = ids("0000000000000000000000000000000000" + "s", count.small());
        int[] shares = new int[count.small()];
        java.util.Arrays.fill(shares, 12);
        SignedTokens tokens = new SignedTokens(
                new io.hongbao.platform.security.JwtSecret(
                        "a-secret-of-at-least-thirty-two-bytes!".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                java.time.Instant.parse("2099-01-01T00:00:00Z"));
        long allocated = WorkloadMemory.allocatedBy(() -> new RealisticWorkload(
                DEFAULTS, group, small, shares, user -> tokens.bearer(LoadProfile.FIRST_GRABBER + user), 1));

        // ~67,000 packets for a first run at 10,000 req/s: their paths and positions, nothing per user
        assertThat(count.total()).isBetween(60_000, 80_000);
        assertThat(allocated).as("bytes allocated building the workload").isLessThan(24L << 20);
    }
}
