package io.hongbao.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DatabaseShardsTest {

    @Test
    void aUsersRowsGoToTheUserIdModuloTheShardCount() {
        DatabaseShards shards = new DatabaseShards(4, 16);

        assertThat(shards.ofUser(0)).isZero();
        assertThat(shards.ofUser(7)).isEqualTo(3);
        assertThat(shards.ofUser(1_000_001)).isEqualTo(1);
    }

    @Test
    void aPacketsRowsGoToTheDatabaseShardOfItsVirtualShard() {
        DatabaseShards shards = new DatabaseShards(4, 16);
        String id = "8fJ2kQ9xLm3pZ7aB";

        int virtualShard = DatabaseShards.virtualShardOf(id, 16);

        assertThat(shards.ofPacket(id)).isEqualTo(virtualShard % 4);
    }

    @Test
    void theVirtualShardIsTheCrc32OfTheIdSoEveryProcessComputesTheSame() {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update("abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

        assertThat(DatabaseShards.virtualShardOf("abc", 1024)).isEqualTo((int) (crc.getValue() % 1024));
    }

    @Test
    void oneDatabaseHoldsEveryRow() {
        DatabaseShards one = new DatabaseShards(1, 16);

        assertThat(one.ofUser(12345)).isZero();
        assertThat(one.ofPacket("8fJ2kQ9xLm3pZ7aB")).isZero();
    }

    @Test
    void fewerVirtualShardsThanDatabaseShardsIsRefused() {
        assertThatThrownBy(() -> new DatabaseShards(8, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hongbao.redpacket.shards (4)");
    }
}
