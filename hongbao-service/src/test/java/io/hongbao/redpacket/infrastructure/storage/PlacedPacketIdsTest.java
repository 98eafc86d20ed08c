package io.hongbao.redpacket.infrastructure.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlacedPacketIdsTest {

    private final PacketShards shards = new PacketShards(16, new DatabaseShards(4));
    private final PlacedPacketIds ids = new PlacedPacketIds(shards);

    @Test
    void everyPacketLivesOnItsSendersDatabaseShard() {
        for (long sender = 1; sender <= 200; sender++) {
            PacketId id = ids.next(UserId.of(sender));

            assertThat(shards.databaseShardOf(id.value()))
                    .isEqualTo(shards.databases().ofUser(sender));
        }
    }

    @Test
    void oneSendersPacketsStillSpreadOverEveryVirtualShardOfItsDatabaseShard() {
        Set<Integer> virtualShards = new HashSet<>();
        for (int i = 0; i < 400; i++) {
            virtualShards.add(shards.virtualShardOf(ids.next(UserId.of(6)).value()));
        }

        // User 6 is on database shard 2, which holds virtual shards 2, 6, 10 and 14.
        assertThat(virtualShards).containsExactlyInAnyOrder(2, 6, 10, 14);
    }
}
