package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.account.model.EscrowAccountsByDatabase;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.DirectDatabases;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.model.PersisterProgress;
import io.hongbao.redpacket.model.UnrecordedEvents;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the persister, from the shard streams to the database, and what the others ask of it: its doorbell, its
 * backlog, its progress, the events it has not recorded yet.
 */
@Configuration(proxyBeanMethods = false)
class PersisterConfiguration {

    /** Rung by whoever appends to a shard's stream; the persister's workers read the rung shards (ADR 0072). */
    @Bean
    ShardDoorbell shardDoorbell(PacketKeys keys) {
        return new ShardDoorbell(keys.shards());
    }

    /** The persister's progress as an operator reads it (the ops feature asks about once a second). */
    @Bean
    PersisterProgress persisterProgress(RedisConnection redis, PacketKeys keys) {
        return new RedisPersisterProgress(redis.async(), keys);
    }

    /** Samples each shard's stream backlog on the shared connection: a few commands per period. */
    @Bean
    PersisterBacklog persisterBacklog(
            RedisConnection redis, PacketKeys keys, RedPacketSettings settings, MeterRegistry registry) {
        return new PersisterBacklog(redis.async(), keys, settings.backlog(), registry);
    }

    @Bean
    UnrecordedEvents unrecordedEvents(RedisConnection redis, PacketKeys keys, MeterRegistry registry) {
        return new UnrecordedEventsScript(redis.async(), keys, registry);
    }

    @Bean
    PacketEventWriter packetEventWriter(
            DirectDatabases databases, EscrowAccountsByDatabase escrows, PacketShards packetShards) {
        // Each round writes one known database: on its own pool, no statement parsed, bound and routed by the sharding
        // layer (ADR 0099).
        return new PacketEventWriter(
                database -> new PacketEventWriter.Database(
                        databases.of(database).jdbc(), databases.of(database).transactions(), escrows.on(database)),
                packetShards);
    }

    @Bean
    GrabPersister grabPersister(
            RedisConnections connections,
            PacketKeys keys,
            ShardDoorbell doorbell,
            PacketEventWriter writer,
            RedPacketSettings settings,
            DatabaseShards databaseShards,
            ReplicatedAcknowledgements replicas,
            MeterRegistry registry) {
        return new GrabPersister(
                connections, keys, doorbell, writer, settings.persister(), databaseShards, replicas, registry);
    }
}
