package io.hongbao.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class DatabaseShardsTest {

    @Test
    void aUsersRowsGoToTheUserIdModuloTheShardCount() {
        DatabaseShards shards = new DatabaseShards(4);

        assertThat(shards.ofUser(0)).isZero();
        assertThat(shards.ofUser(7)).isEqualTo(3);
        assertThat(shards.ofUser(1_000_001)).isEqualTo(1);
        assertThat(shards.ofUser(-3)).isEqualTo(1);
    }

    @Test
    void aVirtualShardsRowsGoToTheVirtualShardModuloTheShardCount() {
        DatabaseShards shards = new DatabaseShards(4);

        assertThat(shards.ofVirtualShard(0)).isZero();
        assertThat(shards.ofVirtualShard(9)).isEqualTo(1);
        assertThat(shards.ofVirtualShard(15)).isEqualTo(3);
    }

    @Test
    void anIdsHomeIsItsCrc32ModuloTheShardCountAsMariadbComputesIt() {
        DatabaseShards shards = new DatabaseShards(4);

        // MariaDB's SELECT CRC32('a') is 3904355907 too: a migration can place rows in SQL alike.
        assertThat(shards.ofId("a")).isEqualTo((int) (3904355907L % 4));
    }

    @Test
    void idsSpreadOverEveryShard() {
        DatabaseShards shards = new DatabaseShards(4);
        int[] homes = new int[4];

        for (int i = 0; i < 4000; i++) {
            homes[shards.ofId(UUID.randomUUID().toString())]++;
        }

        for (int home : homes) {
            assertThat(home).isBetween(800, 1200);
        }
    }

    @Test
    void oneDatabaseHoldsEveryRow() {
        DatabaseShards one = new DatabaseShards(1);

        assertThat(one.ofUser(12345)).isZero();
        assertThat(one.ofVirtualShard(13)).isZero();
        assertThat(one.ofId("anything")).isZero();
    }

    @Test
    void noDatabaseShardIsRefused() {
        assertThatThrownBy(() -> new DatabaseShards(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one database shard");
    }
}
