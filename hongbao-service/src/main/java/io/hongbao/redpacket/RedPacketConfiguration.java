package io.hongbao.redpacket;

import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPlacement;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.ReadingGroupPackets;
import io.hongbao.redpacket.application.ReadingHistory;
import io.hongbao.redpacket.application.ReadingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.lifecycle.RedisHotPackets;
import io.hongbao.redpacket.infrastructure.storage.CountedReads;
import io.hongbao.redpacket.model.PacketIds;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.UnknownPackets;
import io.hongbao.redpacket.model.UnrecordedEvents;
import io.hongbao.redpacket.warmup.GrabPathWarmUp;
import io.hongbao.redpacket.web.LivePackets;
import io.hongbao.redpacket.web.LiveStreamCaps;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the red-packet feature's own: its plain use cases over their ports, the live-packet pollers and the grab
 * path's warm-up. Each room of {@code infrastructure} wires its adapters and workers in a configuration of its own
 * ({@code GrabConfiguration}, {@code PersisterConfiguration}, {@code LifecycleConfiguration}, {@code
 * ChecksConfiguration} with the audit checks, {@code PacketStorageConfiguration}, {@code PacketKeysConfiguration}),
 * and {@code web} the grab route with its OpenAPI description ({@code GrabRouteConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
class RedPacketConfiguration {

    /** Where a packet lives: its virtual shard and database shard, for every room that must know (ADR 0083). */
    @Bean
    PacketShards packetShards(RedPacketSettings settings, DatabaseShards databases) {
        return new PacketShards(settings.shards(), databases);
    }

    /** The escrow of a packet is where the packet is: the accounts feature asks through its own port. */
    @Bean
    EscrowPlacement escrowPlacement(PacketShards packetShards) {
        return packetShards::databaseShardOf;
    }

    @Bean
    SendingRedPacket sendingRedPacket(
            RedPackets packets,
            PacketIds ids,
            EscrowAccounts escrow,
            Groups groups,
            Transactions transactions,
            PublishingRedPacket publishing,
            Clock clock) {
        return new SendingRedPacket(
                packets, ids, escrow, groups, transactions, publishing, clock, ThreadLocalRandom::current);
    }

    @Bean
    PublishingRedPacket publishingRedPacket(
            RedPackets packets, RedisHotPackets hot, UnrecordedEvents unrecorded, Blocking blocking) {
        return new PublishingRedPacket(packets, hot, unrecorded, blocking.executor());
    }

    @Bean
    GrabbingRedPacket grabbingRedPacket(
            RedPacketGrabs grabs, PublishingRedPacket publishing, UnknownPackets unknownPackets) {
        return new GrabbingRedPacket(grabs, publishing, unknownPackets);
    }

    @Bean
    ReadingRedPacket readingRedPacket(RedPackets packets, RedisHotPackets hot, Groups groups, Blocking blocking) {
        return new ReadingRedPacket(packets, hot, groups, blocking.executor());
    }

    @Bean
    ReadingHistory readingHistory(RedPackets packets) {
        return new ReadingHistory(packets);
    }

    /** The shared pollers of the packet event streams (ADR 0075). */
    @Bean
    LivePackets livePackets(
            RedPackets packets,
            RedisHotPackets hot,
            Groups groups,
            Blocking blocking,
            RedPacketSettings settings,
            Clock clock,
            MeterRegistry registry) {
        // The pollers' own reading, over counted database reads: what the streams cost the database shows.
        Counter reads = Counter.builder("hongbao.live.database.reads")
                .description("database reads made by the packet event streams' pollers")
                .register(registry);
        ReadingRedPacket reading =
                new ReadingRedPacket(new CountedReads(packets, reads::increment), hot, groups, blocking.executor());
        return new LivePackets(reading, settings.live().pollEvery(), clock, registry);
    }

    /** The packet event streams' caps, per user and per instance. */
    @Bean
    LiveStreamCaps liveStreamCaps(RedPacketSettings settings, MeterRegistry registry) {
        LiveStreamCaps caps =
                new LiveStreamCaps(settings.live().maxPerUser(), settings.live().maxPerInstance());
        Gauge.builder("hongbao.live.streams.open", caps, LiveStreamCaps::open)
                .description("packet event streams this instance holds open")
                .register(registry);
        return caps;
    }

    @Bean
    ReadingGroupPackets readingGroupPackets(RedPackets packets, Groups groups) {
        return new ReadingGroupPackets(packets, groups);
    }

    /** Only where the service serves HTTP: the warm-up grabs through its own server (not in the lab's context). */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    GrabPathWarmUp grabPathWarmUp(
            RedPacketSettings settings, RedisConnection redis, PacketKeys keys, TokenIssuer tokens) {
        return new GrabPathWarmUp(settings.warmUp(), redis, keys, tokens);
    }
}
