package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketIntegrationTest;
import io.lettuce.core.Consumer;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * unrecorded_events.lua on real Redis, on streams of a shard layout the service's persisters never read (1,000 shards,
 * packets picked in shards 16 and up), so each test alone decides what is pending, delivered or acknowledged.
 */
class UnrecordedEventsScriptIT extends RedPacketIntegrationTest {

    private final PacketKeys ownKeys = new PacketKeys(1_000);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private UnrecordedEventsScript script;
    private PacketId packet;
    private PacketId neighbour;
    private RedisClusterCommands<String, String> sync;

    @BeforeEach
    void aFreshStream() {
        script = new UnrecordedEventsScript(redis.async(), ownKeys, registry);
        sync = redis.sync();
        packet = packetOutsideTheServicesShards();
        neighbour = packetInTheSameShardAs(packet);
        sync.del(stream(), deadLetters());
    }

    @AfterEach
    void dropTheStream() {
        sync.del(stream(), deadLetters());
    }

    @Test
    void aShardWithoutAStreamHoldsNothing() {
        assertThat(mayHold(packet)).isFalse();
    }

    @Test
    void anUndeliveredGrantOrRefundOfThePacketCountsAndOneOfAnotherPacketDoesNot() {
        group();
        sync.xadd(stream(), grants(neighbour, 1));
        assertThat(mayHold(packet)).isFalse();

        sync.xadd(stream(), Map.of("k", "refund", "p", packet.value(), "u", "7", "a", "100", "t", "1"));
        assertThat(mayHold(packet)).isTrue();
        assertThat(refused("unrecorded-events")).isEqualTo(1);
    }

    @Test
    void aGrantDeliveredToAConsumerThatDiedBeforeAcknowledgingCountsUntilAcknowledged() {
        group();
        String id = sync.xadd(stream(), grants(packet, 3));
        sync.xadd(stream(), grants(neighbour, 3));
        List<?> taken = sync.xreadgroup(
                Consumer.from(ShardStream.GROUP, "died"),
                XReadArgs.Builder.count(1),
                XReadArgs.StreamOffset.lastConsumed(stream()));
        assertThat(taken).hasSize(1);

        assertThat(mayHold(packet)).as("pending, not acknowledged").isTrue();
        sync.xack(stream(), ShardStream.GROUP, id);
        assertThat(mayHold(packet)).as("acknowledged: in the database").isFalse();
    }

    @Test
    void aDeadLetteredGrantOfThePacketCountsUntilTheOperatorDealtWithIt() {
        group();
        String id = sync.xadd(stream(), grants(packet, 2));
        sync.xreadgroup(
                Consumer.from(ShardStream.GROUP, "persister"),
                XReadArgs.Builder.count(1),
                XReadArgs.StreamOffset.lastConsumed(stream()));
        new DeadLetterScript(sync).move(stream(), deadLetters(), ShardStream.GROUP, id, "refused");
        assertThat(sync.xlen(deadLetters())).isEqualTo(1);
        sync.xadd(deadLetters(), grants(neighbour, 1));

        assertThat(mayHold(packet))
                .as("dead-lettered: never written to the database")
                .isTrue();
        sync.del(deadLetters());
        assertThat(mayHold(packet)).as("the operator deleted the dead letter").isFalse();
    }

    @Test
    void withoutItsGroupEveryEntryOfTheStreamCounts() {
        sync.xadd(stream(), grants(packet, 1));

        assertThat(mayHold(packet)).isTrue();
    }

    @Test
    void aBacklogLongerThanTheScriptLooksThroughCountsAsHoldingTheEventsAndTheScanStaysShort() {
        group();
        for (int i = 0; i < UnrecordedEventsScript.MOST_ENTRIES; i++) {
            sync.xadd(stream(), grants(neighbour, 64));
        }
        mayHold(packet); // loads the script
        long micros = Long.MAX_VALUE;
        boolean atTheBound = true;
        for (int i = 0; i < 5; i++) {
            long start = System.nanoTime();
            atTheBound = mayHold(packet);
            micros = Math.min(micros, (System.nanoTime() - start) / 1_000);
        }
        assertThat(atTheBound)
                .as("%d entries of 64 grants, none of the packet", UnrecordedEventsScript.MOST_ENTRIES)
                .isFalse();

        sync.xadd(stream(), grants(neighbour, 1));
        assertThat(mayHold(packet)).isTrue();
        assertThat(refused("backlog-too-long")).isEqualTo(1);
        System.out.printf(
                "UnrecordedEventsScriptIT: %d unacknowledged entries of 64 grants looked through in %d us"
                        + " (fastest of 5 calls, round trip included)%n",
                UnrecordedEventsScript.MOST_ENTRIES, micros);
    }

    private boolean mayHold(PacketId id) {
        return script.mayHold(id).toCompletableFuture().join();
    }

    private double refused(String reason) {
        return registry.get(UnrecordedEventsScript.REFUSED)
                .tag("reason", reason)
                .counter()
                .count();
    }

    private void group() {
        new ShardStream(sync, stream(), "test").ensureGroup();
    }

    private String stream() {
        return ownKeys.stream(packet);
    }

    private String deadLetters() {
        return ownKeys.deadLetters(ownKeys.shardOf(packet));
    }

    /** A {@code k=grabs} entry as grab_packets.lua writes it, with {@code n} grants of the packet. */
    private static Map<String, String> grants(PacketId id, int n) {
        StringJoiner g = new StringJoiner(";");
        for (int i = 0; i < n; i++) {
            g.add(id.value() + ":" + (1_000_000 + i) + ":100:" + i);
        }
        return Map.of("k", "grabs", "t", "1", "g", g.toString());
    }

    private PacketId packetOutsideTheServicesShards() {
        while (true) {
            PacketId id = PacketId.generate();
            if (ownKeys.shardOf(id) >= 16) {
                return id;
            }
        }
    }

    private PacketId packetInTheSameShardAs(PacketId other) {
        while (true) {
            PacketId id = PacketId.generate();
            if (!id.equals(other) && ownKeys.shardOf(id) == ownKeys.shardOf(other)) {
                return id;
            }
        }
    }
}
