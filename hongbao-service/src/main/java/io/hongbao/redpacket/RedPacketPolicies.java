package io.hongbao.redpacket;

import static io.hongbao.platform.db.ShardedTables.Table.broadcast;
import static io.hongbao.platform.db.ShardedTables.Table.byKey;

import io.hongbao.platform.db.LedgerAccountKinds;
import io.hongbao.platform.db.ShardKey;
import io.hongbao.platform.db.ShardedTables;
import io.hongbao.platform.db.VirtualShards;
import io.hongbao.platform.ratelimit.LimitedRoutes;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.web.PacketPaths;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the red packet feature tells the platform about its rows (ADR 0083, 0084): a packet's rows on the database
 * shard of its virtual shard, the one its Redis state lives in, so one persister batch writes one database; the
 * escrow's ledger accounts placed with the packet; how many virtual shards there are; and that grabs and sends are
 * limited per user (ADR 0063; the numbers are {@code hongbao.rate-limits.per-user.grab} and {@code .send}).
 */
@Configuration(proxyBeanMethods = false)
class RedPacketPolicies {

    /** {@code escrow:<packet>}: what the packet still holds. */
    static final String ESCROW = "escrow:";

    /** Money on its way from the packet's escrow to a grabber on another database shard (ADR 0084). */
    static final String ESCROW_TRANSIT = "transit:escrow:";

    /**
     * A red packet id column: the packet's virtual shard among the declared ones, and so its database shard
     * ({@link PacketShards}). One key, one instance: the tables and the escrow accounts name the same.
     */
    @Bean
    ShardKey packetShardKey(VirtualShards packetVirtualShards) {
        int virtualShards = packetVirtualShards.count();
        return new ShardKey(
                "packet",
                (value, databases) -> new PacketShards(virtualShards, databases).databaseShardOf(value.toString()));
    }

    @Bean
    ShardedTables redPacketTables(ShardKey packetShardKey) {
        return ShardedTables.of(
                byKey("red_packets", "id", packetShardKey, true),
                byKey("packet_shares", "packet_id", packetShardKey, true),
                byKey("packet_grabs", "packet_id", packetShardKey, true),
                broadcast("redpacket_shard_layout"));
    }

    @Bean
    LedgerAccountKinds escrowLedgerAccounts(ShardKey packetShardKey) {
        return LedgerAccountKinds.of(packetShardKey, ESCROW, ESCROW_TRANSIT);
    }

    /** {@code hongbao.redpacket.shards}, which also places packets among the database shards. */
    @Bean
    VirtualShards packetVirtualShards(RedPacketSettings settings) {
        return new VirtualShards(settings.shards(), "hongbao.redpacket.shards");
    }

    @Bean
    LimitedRoutes redPacketLimitedRoutes() {
        return LimitedRoutes.of(
                LimitedRoutes.Route.post(PacketPaths.GRAB, "grab"), LimitedRoutes.Route.post(PacketPaths.SEND, "send"));
    }
}
