package io.hongbao.bench.engine;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.grab.CoalescingGrabs;
import io.hongbao.redpacket.infrastructure.grab.GrabScript;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;

/**
 * The production grab path without HTTP: {@code grab_packets.lua} through {@link CoalescingGrabs} (or
 * {@link OneCallPerGrab}, to measure what coalescing gives), stream event included, on the service's single shared
 * connection.
 * {@code concurrency} independent loops keep that many grabs outstanding, as a busy service instance would.
 */
final class HongbaoEngine implements Contender {

    private final StatefulRedisConnection<String, String> redis;
    private final PacketKeys keys = new PacketKeys(16);
    private final boolean coalesce;
    private final int maxBatch;
    private final int concurrency;
    private final int packets;
    private final int shares;
    private final int users;
    private RedPacketGrabs grabs;
    private CoalescingGrabs coalescing;
    private List<PacketId> ids;

    HongbaoEngine(
            StatefulRedisConnection<String, String> redis,
            boolean coalesce,
            int maxBatch,
            int concurrency,
            int packets,
            int shares,
            int users) {
        this.redis = redis;
        this.coalesce = coalesce;
        this.maxBatch = maxBatch;
        this.concurrency = concurrency;
        this.packets = packets;
        this.shares = shares;
        this.users = users;
    }

    @Override
    public String name() {
        return coalesce ? "hongbao" : "hongbao-uncoalesced";
    }

    @Override
    public void prepare() {
        ids = EngineSetup.publishProduction(redis, keys, packets, shares);
        GrabScript script = new GrabScript(
                RedisPrimaries.of(redis), new NotExecutedRetry(Duration.ofSeconds(2), Duration.ofMillis(20)), keys);
        if (coalesce) {
            // The production lanes' bounds (application.yml); no admission sampler runs here, so every shard is
            // admitted.
            coalescing = new CoalescingGrabs(
                    script,
                    keys,
                    new RedPacketSettings.Coalescing(maxBatch, 10_000, Duration.ofSeconds(1)),
                    shard -> null,
                    new ShardDoorbell(keys.shards()),
                    System::nanoTime);
            grabs = coalescing;
        } else {
            grabs = new OneCallPerGrab(script, keys);
        }
    }

    @Override
    public double meanBatchSize() {
        return coalescing == null ? 1.0 : coalescing.meanBatchSize();
    }

    @Override
    public Measurement run(Duration warmup, Duration measure) throws InterruptedException {
        Measurement measurement = new Measurement();
        long deadline = System.nanoTime() + warmup.plus(measure).toNanos();
        CountDownLatch finished = new CountDownLatch(concurrency);
        for (int loop = 0; loop < concurrency; loop++) {
            new Loop(new SplittableRandom(loop), deadline, measurement, finished).next();
        }
        Thread.sleep(warmup.toMillis());
        measurement.begin();
        Thread.sleep(measure.toMillis());
        measurement.end();
        finished.await();
        return measurement;
    }

    /**
     * One outstanding grab at a time: the next is sent from the completion of the previous. Its random source is
     * touched by one completion at a time, each ordered after the previous by the future's completion.
     */
    private final class Loop {
        private final SplittableRandom random;
        private final long deadline;
        private final Measurement measurement;
        private final CountDownLatch finished;

        Loop(SplittableRandom random, long deadline, Measurement measurement, CountDownLatch finished) {
            this.random = random;
            this.deadline = deadline;
            this.measurement = measurement;
            this.finished = finished;
        }

        void next() {
            if (System.nanoTime() >= deadline) {
                finished.countDown();
                return;
            }
            PacketId id = ids.get(random.nextInt(ids.size()));
            UserId user = UserId.of(1 + random.nextInt(users));
            long start = System.nanoTime();
            grabs.grab(id, user).whenComplete((outcome, failure) -> {
                measurement.latency(System.nanoTime() - start);
                count(outcome, failure);
                next();
            });
        }

        private void count(GrabOutcome outcome, Throwable failure) {
            if (!measurement.measuring()) {
                return;
            }
            if (failure != null) {
                measurement.errors.increment();
            } else if (outcome instanceof GrabOutcome.Grabbed) {
                measurement.granted.increment();
            } else if (outcome instanceof GrabOutcome.AlreadyGrabbed) {
                measurement.alreadyGrabbed.increment();
            } else {
                measurement.soldOut.increment();
            }
        }
    }
}
