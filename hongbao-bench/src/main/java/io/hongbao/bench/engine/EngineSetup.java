package io.hongbao.bench.engine;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.lifecycle.RedisHotPackets;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.Share;
import io.hongbao.redpacket.model.Splitting;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/** Puts the same packets into Redis for both contenders: the production layout, and the seeds' plain lists. */
final class EngineSetup {

    private static final long CENTS_PER_SHARE = 100;

    private EngineSetup() {}

    /** Publishes packets through the production publish script, exactly as the service does after a send. */
    static List<PacketId> publishProduction(
            StatefulRedisConnection<String, String> redis, PacketKeys keys, int packets, int shares) {
        RedisHotPackets hot = new RedisHotPackets(redis.async(), keys, Duration.ofHours(1));
        SplittableRandom random = new SplittableRandom(42);
        Instant now = Instant.now();
        List<PacketId> ids = new ArrayList<>(packets);
        List<CompletableFuture<Void>> published = new ArrayList<>();
        for (int i = 0; i < packets; i++) {
            PacketId id = PacketId.generate();
            long total = CENTS_PER_SHARE * shares;
            RedPacket packet = new RedPacket(
                    id,
                    UserId.of(1),
                    PacketType.RANDOM,
                    "bench",
                    null,
                    Cents.of(total),
                    shares,
                    now,
                    now.plus(Duration.ofHours(1)));
            List<Share> split = Splitting.split(PacketType.RANDOM, total, shares, random);
            published.add(
                    hot.publish(PacketState.fresh(packet, split, List.of())).toCompletableFuture());
            ids.add(id);
        }
        CompletableFuture.allOf(published.toArray(CompletableFuture[]::new)).join();
        return ids;
    }

    /** The seeds' layout: one list of share amounts per packet. */
    static List<String> publishSeed(StatefulRedisConnection<String, String> redis, int packets, int shares) {
        List<String> ids = new ArrayList<>(packets);
        List<CompletableFuture<Long>> pushed = new ArrayList<>();
        String[] amounts = new String[shares];
        java.util.Arrays.fill(amounts, Long.toString(CENTS_PER_SHARE));
        for (int i = 0; i < packets; i++) {
            String id = "seed" + i;
            pushed.add(redis.async().rpush(SeedBaseline.unconsumed(id), amounts).toCompletableFuture());
            ids.add(id);
        }
        CompletableFuture.allOf(pushed.toArray(CompletableFuture[]::new)).join();
        return ids;
    }
}
