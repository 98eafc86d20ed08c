package io.hongbao.bench.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DrawWorkloadTest {

    private final DrawWorkload workload = new DrawWorkload("w-1", 3_000, 50, user -> "Bearer " + user);

    @Test
    void everyDrawGoesToTheWheelsDrawPath() {
        assertThat(workload.next(new SplittableRandom(1)).path()).isEqualTo("/api/v1/wheels/w-1/draw");
    }

    @Test
    void drawersTakeTurnsSoThatBetweenTwoDrawsOfOneUserEveryOtherUserDrawsOnce() {
        SplittableRandom random = new SplittableRandom(1);
        List<String> bearers = IntStream.range(0, 120)
                .mapToObj(i -> workload.next(random).bearer())
                .toList();

        Set<String> firstRound = new HashSet<>(bearers.subList(0, 50));
        assertThat(firstRound).hasSize(50).contains("Bearer 3000", "Bearer 3049");
        assertThat(bearers.get(50)).isEqualTo(bearers.get(0)).isEqualTo("Bearer 3000");
        assertThat(bearers.get(119)).isEqualTo("Bearer 3019");
        assertThat(workload.freshAttempts()).isEqualTo(120);
    }

    @Test
    void drawsCarryNoIdempotencyKeyUnlessAskedAndThenAFreshUuidEach() {
        SplittableRandom random = new SplittableRandom(1);
        DrawWorkload keyed = new DrawWorkload("w-1", 3_000, 50, user -> "Bearer " + user, true);

        Set<String> keys = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            keys.add(keyed.next(random).idempotencyKey());
        }

        assertThat(workload.next(random).idempotencyKey()).isNull();
        assertThat(keys).hasSize(100).allMatch(key -> key.matches("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}"));
    }

    @Test
    void aWheelNeverSellsOut() {
        assertThat(workload.capacity()).isEqualTo(Long.MAX_VALUE);
        assertThat(workload.attemptsPastCapacity()).isZero();
    }

    @Test
    void theRatePerDrawerIsTheRateSharedByTheDrawers() {
        assertThat(DrawWorkload.perDrawer(20_000, 20_000)).isEqualTo(1.0);
        assertThat(DrawWorkload.perDrawer(20_000, 1_000)).isGreaterThan(DrawWorkload.PER_USER_LIMIT);
    }

    @Test
    void refusesAWorkloadWithoutDrawers() {
        assertThatThrownBy(() -> new DrawWorkload("w", 1, 0, user -> "")).isInstanceOf(IllegalArgumentException.class);
    }
}
