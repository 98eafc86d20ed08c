package io.hongbao.redpacket.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.platform.db.DatabaseShards;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * A packet's place is fixed for the life of its data: the virtual shard and database shard are what {@code
 * DatabaseShards.virtualShardOf} and {@code ofPacket} computed before the placement moved into this feature.
 */
class PacketShardsTest {

    private static final List<String> IDS =
            List.of("8fJ2kQ9xLm3pZ7aB", "abc", "a", "Zz0-_", "AAAAAAAAAAAAAAAA", "q7Rt2mXwP0sLk9Vd");

    /** The platform's formula before the move, copied: CRC32 of the ASCII id, modulo the virtual shards. */
    private static int oldVirtualShardOf(String packetId, int virtualShards) {
        CRC32 crc = new CRC32();
        crc.update(packetId.getBytes(StandardCharsets.US_ASCII));
        return (int) (crc.getValue() % virtualShards);
    }

    @Test
    void aPacketsVirtualAndDatabaseShardsAreWhatTheOldPlacementComputed() {
        for (int databases : List.of(1, 2, 3, 4)) {
            for (int virtualShards : List.of(4, 16, 1024)) {
                PacketShards shards = new PacketShards(virtualShards, new DatabaseShards(databases));
                for (String id : IDS) {
                    int virtualShard = oldVirtualShardOf(id, virtualShards);

                    assertThat(shards.virtualShardOf(id)).as(id).isEqualTo(virtualShard);
                    assertThat(PacketShards.virtualShardOf(id, virtualShards))
                            .as(id)
                            .isEqualTo(virtualShard);
                    assertThat(shards.databaseShardOf(id)).as(id).isEqualTo(virtualShard % databases);
                }
            }
        }
    }

    @Test
    void theShardsOfAFewIdsArePinned() {
        PacketShards shards = new PacketShards(16, new DatabaseShards(4));

        // CRC32 8fJ2kQ9xLm3pZ7aB = 1266515705, a = 3904355907 (above 2^31: still positive), Zz0-_ = 1335268245.
        assertThat(shards.virtualShardOf("8fJ2kQ9xLm3pZ7aB")).isEqualTo(9);
        assertThat(shards.databaseShardOf("8fJ2kQ9xLm3pZ7aB")).isEqualTo(1);
        assertThat(shards.virtualShardOf("a")).isEqualTo(3);
        assertThat(shards.databaseShardOf("a")).isEqualTo(3);
        assertThat(shards.virtualShardOf("Zz0-_")).isEqualTo(5);
        assertThat(shards.databaseShardOf("Zz0-_")).isEqualTo(1);
        assertThat(PacketShards.virtualShardOf("abc", 1024)).isEqualTo(450);
    }

    @Test
    void aUserAndAPacketAreTogetherWhenTheirDatabaseShardsAreOne() {
        PacketShards shards = new PacketShards(16, new DatabaseShards(4));

        assertThat(shards.together(1, "8fJ2kQ9xLm3pZ7aB")).isTrue();
        assertThat(shards.together(5, "8fJ2kQ9xLm3pZ7aB")).isTrue();
        assertThat(shards.together(2, "8fJ2kQ9xLm3pZ7aB")).isFalse();
    }

    @Test
    void oneDatabaseHoldsEveryPacket() {
        PacketShards one = new PacketShards(16, new DatabaseShards(1));

        IDS.forEach(id -> assertThat(one.databaseShardOf(id)).as(id).isZero());
        assertThat(one.together(12345, "8fJ2kQ9xLm3pZ7aB")).isTrue();
    }

    @Test
    void fewerVirtualShardsThanDatabaseShardsIsRefused() {
        assertThatThrownBy(() -> new PacketShards(4, new DatabaseShards(8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("virtual shards (4) must be at least the number of database shards (8)");
    }
}
