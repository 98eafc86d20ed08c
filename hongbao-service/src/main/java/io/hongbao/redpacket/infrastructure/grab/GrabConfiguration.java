package io.hongbao.redpacket.infrastructure.grab;

import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisMemory;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.PersisterBacklog;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.hongbao.redpacket.model.UnknownPackets;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the grab path, from the use case's port to the grab script, and the meters it owns. */
@Configuration(proxyBeanMethods = false)
class GrabConfiguration {

    /**
     * The grab path: coalescing lanes in front of the grab script. Admission reads two volatile fields the samplers
     * keep (Redis' memory, the shard's backlog) and asks Redis nothing (ADR 0067).
     */
    @Bean
    RedPacketGrabs redPacketGrabs(
            RedisPrimaries primaries,
            NotExecutedRetry retry,
            PacketKeys keys,
            RedPacketSettings settings,
            RedisMemory memory,
            PersisterBacklog backlog,
            ReplicatedAcknowledgements replicated,
            ShardDoorbell doorbell,
            MeterRegistry registry) {
        CoalescingGrabs grabs = new CoalescingGrabs(
                new GrabScript(primaries, retry, keys, replicated),
                keys,
                settings.coalescing(),
                new MemoryAndBacklogAdmission(memory, backlog),
                doorbell,
                System::nanoTime);
        registerMeters(grabs, registry);
        return grabs;
    }

    private static void registerMeters(CoalescingGrabs grabs, MeterRegistry registry) {
        for (GrabRefusal reason : GrabRefusal.values()) {
            FunctionCounter.builder("hongbao.grab.refused", grabs, coalescing -> coalescing.refused(reason))
                    .description("grabs refused with nothing changed (503), by reason")
                    .tag("reason", reason.tag())
                    .register(registry);
        }
        // Their ratio over a window is the mean coalesced batch, the figure that says how much a Redis call carries.
        FunctionCounter.builder("hongbao.grab.script.calls", grabs, CoalescingGrabs::scriptCalls)
                .description("grab-script calls to Redis, one per coalesced batch of grabs")
                .register(registry);
        FunctionCounter.builder("hongbao.grab.script.grabs", grabs, CoalescingGrabs::grabsSent)
                .description("grabs sent in grab-script calls; divided by the calls, the mean coalesced batch")
                .register(registry);
    }

    /** The short memory of packet ids the database does not know, in front of the grab's database fallback. */
    @Bean
    UnknownPackets unknownPackets(RedPacketSettings settings, MeterRegistry registry) {
        RedPacketSettings.NegativeCache cache = settings.negativeCache();
        return new RememberedUnknownPackets(cache.rememberFor(), cache.maxIds(), registry);
    }
}
