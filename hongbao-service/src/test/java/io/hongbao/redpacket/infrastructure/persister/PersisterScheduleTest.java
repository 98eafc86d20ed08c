package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PersisterScheduleTest {

    private final AtomicLong clock = new AtomicLong(1_000);
    private final PersisterSchedule schedule =
            new PersisterSchedule(256, Duration.ofSeconds(5), Duration.ofSeconds(10), clock::get);

    @Test
    void theSafetyPassIsDueAtStartThenOncePerPeriodForOneWorkerOnly() {
        assertThat(schedule.claimSafetyPass()).isTrue();
        assertThat(schedule.claimSafetyPass()).isFalse();

        advance(Duration.ofMillis(4_999));
        assertThat(schedule.claimSafetyPass()).isFalse();
        advance(Duration.ofMillis(1));
        assertThat(schedule.claimSafetyPass()).isTrue();
        assertThat(schedule.claimSafetyPass()).isFalse();
    }

    @Test
    void theFirstTrimRoundCoversEveryShardAndLaterOnesOnlyTheShardsWrittenFromExceptEverySixth() {
        PersisterSchedule.TrimRound first = schedule.claimTrimRound();
        assertThat(first.full()).isTrue();
        assertThat(first.shards())
                .containsExactlyElementsOf(IntStream.range(0, 256).boxed().toList());
        assertThat(schedule.claimTrimRound()).isNull();

        schedule.touch(7);
        schedule.touch(200);
        advance(Duration.ofSeconds(10));
        PersisterSchedule.TrimRound second = schedule.claimTrimRound();
        assertThat(second.full()).isFalse();
        assertThat(second.shards()).containsExactly(7, 200);

        for (int round = 3; round <= PersisterSchedule.FULL_ROUND_EVERY; round++) {
            advance(Duration.ofSeconds(10));
            assertThat(schedule.claimTrimRound().shards()).isEmpty();
        }
        advance(Duration.ofSeconds(10));
        PersisterSchedule.TrimRound full = schedule.claimTrimRound();
        assertThat(full.full()).isTrue();
        assertThat(full.shards()).hasSize(256);
    }

    @Test
    void aLanesTrimRoundsCoverOnlyItsOwnDatabasesShards() {
        // Shard v is on database v % 4: the lane of database 1.
        PersisterSchedule lane = new PersisterSchedule(
                16, shard -> shard % 4 == 1, Duration.ofSeconds(5), Duration.ofSeconds(10), clock::get);

        assertThat(lane.claimTrimRound().shards()).containsExactly(1, 5, 9, 13);

        lane.touch(5);
        advance(Duration.ofSeconds(10));
        assertThat(lane.claimTrimRound().shards()).containsExactly(5);
    }

    @Test
    void anIdleWorkerWaitsNoLongerThanUntilTheNextPeriodicWork() {
        schedule.claimSafetyPass();
        schedule.claimTrimRound();
        advance(Duration.ofSeconds(2));

        assertThat(schedule.untilNext()).isEqualTo(Duration.ofSeconds(3));
    }

    private void advance(Duration by) {
        clock.addAndGet(by.toNanos());
    }
}
