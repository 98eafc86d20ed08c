package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * What the backlog of a shard is made of, from XINFO GROUPS as Redis 6.2 and 7 answer it, and which shards a round
 * samples.
 */
class PersisterBacklogTest {

    @Test
    void whereRedisReportsTheGroupsLagTheBacklogIsItsPendingPlusItsLag() {
        List<Object> groups = List.of(
                Arrays.asList("name", "audit", "pending", 0L, "lag", 900L),
                Arrays.asList("name", ShardStream.GROUP, "pending", 40L, "last-delivered-id", "1-0", "lag", 60L));

        assertThat(PersisterBacklog.unrecorded(groups, 5_000)).isEqualTo(100);
    }

    @Test
    void whereRedisCannotTellTheLagTheBacklogIsTheStreamsLength() {
        List<Object> redis62 = List.of(Arrays.asList("name", ShardStream.GROUP, "pending", 40L));
        List<Object> unknownLag = List.of(Arrays.asList("name", ShardStream.GROUP, "pending", 40L, "lag", null));

        assertThat(PersisterBacklog.unrecorded(redis62, 5_000)).isEqualTo(5_000);
        assertThat(PersisterBacklog.unrecorded(unknownLag, 5_000)).isEqualTo(5_000);
        assertThat(PersisterBacklog.unrecorded(List.of(), 5_000)).isEqualTo(5_000);
    }

    @Test
    void betweenFullRoundsOnlyTheShardsGrabsAskedAboutAreSampledAndEachAskIsSampledOnce() {
        AtomicIntegerArray asked = new AtomicIntegerArray(256);
        asked.set(7, 1);
        asked.set(200, 1);

        assertThat(PersisterBacklog.shardsToSample(1, asked)).containsExactly(7, 200);
        assertThat(PersisterBacklog.shardsToSample(2, asked)).isEmpty();
    }

    @Test
    void aFullRoundSamplesEveryShardAskedOrNot() {
        AtomicIntegerArray asked = new AtomicIntegerArray(256);
        asked.set(3, 1);

        assertThat(PersisterBacklog.shardsToSample(PersisterBacklog.FULL_SAMPLE_EVERY_ROUNDS, asked))
                .hasSize(256);
        assertThat(PersisterBacklog.shardsToSample(PersisterBacklog.FULL_SAMPLE_EVERY_ROUNDS + 1, asked))
                .isEmpty();
    }
}
