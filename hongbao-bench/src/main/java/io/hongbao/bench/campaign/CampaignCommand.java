package io.hongbao.bench.campaign;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.campaign.application.GrabbingCampaignShare;
import io.hongbao.campaign.infrastructure.CampaignClaimScript;
import io.hongbao.campaign.model.CampaignGrab;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.CampaignSplit;
import io.hongbao.campaign.model.LiveCampaign;
import io.hongbao.campaign.model.OncePer;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.PoolPlacement;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicaAckSettings;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.grab.CoalescingGrabs;
import io.hongbao.redpacket.infrastructure.grab.GrabScript;
import io.hongbao.redpacket.infrastructure.lifecycle.RedisHotPackets;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.Share;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code campaign}: one campaign spread over every virtual shard against one ordinary packet in one slot, on the same
 * Redis Cluster, at the engine (the production grab path without HTTP), side by side in each run. The packet's rate is
 * the single-slot ceiling: one primary's core decides all its grabs. Every grab is a new person, as a rain's taps are,
 * and both hold enough shares that neither sells out in the window, so every answer is a grant.
 */
@Command(
        name = "campaign",
        mixinStandardHelpOptions = true,
        description = "Engine-level grabs/s of one campaign over every primary vs one packet in one slot, on a Redis"
                + " Cluster; Redis CPU per grab, the spread of the grants over the primaries.")
public final class CampaignCommand implements Callable<Integer> {

    private static final int VIRTUAL_SHARDS = 256;
    private static final long CENTS_PER_SHARE = 10;

    @Option(names = "--cluster", required = true, description = "host:port of a node of the Redis Cluster to use")
    String cluster;

    @Option(names = "--runs", defaultValue = "3", description = "runs; ratios are medians over them (${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--warmup", defaultValue = "PT5S", description = "warm-up per contender and run (${DEFAULT-VALUE})")
    Duration warmup;

    @Option(names = "--duration", defaultValue = "PT10S", description = "measured window (${DEFAULT-VALUE})")
    Duration duration;

    @Option(names = "--shares", defaultValue = "1500000", description = "shares of each contender (${DEFAULT-VALUE})")
    int shares;

    @Option(names = "--concurrency", defaultValue = "512", description = "outstanding grabs (${DEFAULT-VALUE})")
    int concurrency;

    @Option(
            names = "--pools",
            defaultValue = "" + OpenCampaignCommand.DEFAULT_POOLS,
            description = "the campaign's pools, at most one per virtual shard (${DEFAULT-VALUE}, the service's"
                    + " default): fewer pools, larger batches per script call; more, a spread over more primaries")
    int pools;

    @Option(names = "--json", description = "write the results as JSON lines to this file")
    Path json;

    private final AtomicLong nextUser = new AtomicLong(1_000_000_000L);

    @Override
    public Integer call() throws Exception {
        int colon = cluster.lastIndexOf(':');
        RedisClusterClient client = RedisClusterClient.create(
                RedisURI.create(cluster.substring(0, colon), Integer.parseInt(cluster.substring(colon + 1))));
        try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
            ClusterCounters counters = new ClusterCounters(connection);
            System.out.printf(
                    "campaign: %d run(s), warm-up %s + %s measured per contender, %,d shares each, %d outstanding,"
                            + " %d primaries%n",
                    runs,
                    warmup,
                    duration,
                    shares,
                    concurrency,
                    counters.primaries().size());
            List<Result> results = new ArrayList<>();
            for (int run = 1; run <= runs; run++) {
                // Alternate which goes first, so neither always meets the warmer JVM.
                List<String> order = run % 2 == 1 ? List.of("packet", "campaign") : List.of("campaign", "packet");
                for (String contender : order) {
                    connection.sync().flushall();
                    Result result = measure(run, contender, client, connection, counters);
                    System.out.println("  " + result.line());
                    results.add(result);
                }
            }
            connection.sync().flushall();
            System.out.println(summary(results));
            if (json != null) {
                Files.write(json, results.stream().map(Result::json).toList());
                System.out.println("wrote " + json.toAbsolutePath());
            }
            return 0;
        } finally {
            client.shutdown();
        }
    }

    private Result measure(
            int run,
            String contender,
            RedisClusterClient client,
            StatefulRedisClusterConnection<String, String> connection,
            ClusterCounters counters)
            throws InterruptedException {
        PacketKeys keys = new PacketKeys(VIRTUAL_SHARDS);
        RedisPrimaries primaries = RedisPrimaries.of(client, connection, 5);
        NotExecutedRetry retry = new NotExecutedRetry(Duration.ofSeconds(2), Duration.ofMillis(20));
        CoalescingGrabs grabs = new CoalescingGrabs(
                new GrabScript(primaries, retry, keys),
                keys,
                new RedPacketSettings.Coalescing(64, 10_000, Duration.ofSeconds(1)),
                shard -> null,
                new ShardDoorbell(keys.shards()),
                System::nanoTime);
        RedisHotPackets hot = new RedisHotPackets(connection.async(), keys, Duration.ofHours(1));
        Function<UserId, CompletionStage<Boolean>> grab;
        List<PacketId> lists;
        if (contender.equals("packet")) {
            PacketId packet = publish(hot, PacketId.generate(), shares);
            lists = List.of(packet);
            grab = user -> grabs.grab(packet, user).thenApply(outcome -> outcome instanceof GrabOutcome.Grabbed);
        } else {
            CampaignPools pools = publishCampaign(hot);
            lists = pools.pools();
            LiveCampaign campaign = new LiveCampaign(pools.campaign(), OncePer.CAMPAIGN, List.of(pools));
            GrabbingCampaignShare grabbing = new GrabbingCampaignShare(
                    id -> CompletableFuture.completedFuture(Optional.of(campaign)),
                    grabs,
                    new CampaignClaimScript(
                            primaries,
                            retry,
                            new ReplicatedAcknowledgements(
                                    new ReplicaAckSettings("0", Duration.ofMillis(100), Duration.ofSeconds(1)),
                                    new SimpleMeterRegistry())),
                    Clock.systemUTC());
            grab = user -> grabbing.grab(campaign, user).thenApply(outcome -> outcome instanceof CampaignGrab.Granted);
        }
        return drive(run, contender, grab, counters, () -> sharesLeftByPrimary(connection, keys, lists));
    }

    /**
     * The shares still in the lists of {@code packets}, summed by the primary that holds each: the grants of a window
     * are the difference between two reads, counted where they were decided.
     */
    private static Map<String, Long> sharesLeftByPrimary(
            StatefulRedisClusterConnection<String, String> connection, PacketKeys keys, List<PacketId> packets) {
        Map<String, Long> left = new TreeMap<>();
        for (PacketId id : packets) {
            RedisURI owner = connection
                    .getPartitions()
                    .getMasterBySlot(SlotHash.getSlot(keys.packet(id)))
                    .getUri();
            left.merge(
                    owner.getHost() + ":" + owner.getPort(), connection.sync().llen(keys.shares(id)), Long::sum);
        }
        return left;
    }

    private PacketId publish(RedisHotPackets hot, PacketId id, int count) {
        Instant now = Instant.now();
        RedPacket packet = new RedPacket(
                id,
                UserId.of(1),
                PacketType.EQUAL,
                "bench",
                null,
                Cents.of(CENTS_PER_SHARE * count),
                count,
                now,
                now.plus(Duration.ofHours(1)));
        List<Share> split = new ArrayList<>(count);
        for (int seq = 0; seq < count; seq++) {
            split.add(new Share(seq, CENTS_PER_SHARE));
        }
        hot.publish(PacketState.fresh(packet, split, List.of()))
                .toCompletableFuture()
                .join();
        return id;
    }

    private CampaignPools publishCampaign(RedisHotPackets hot) {
        PacketShards placement = new PacketShards(VIRTUAL_SHARDS, new DatabaseShards(1));
        List<PacketId> ids = PoolPlacement.place(pools, placement, 1);
        List<List<Share>> split = CampaignSplit.pools(
                new ShareRule.Equal(), CENTS_PER_SHARE * shares, shares, ids.size(), new SplittableRandom(1));
        for (int pool = 0; pool < ids.size(); pool++) {
            publish(hot, ids.get(pool), split.get(pool).size());
        }
        Instant now = Instant.now();
        return new CampaignPools(CampaignId.generate(), 0, ids, now, now.plus(Duration.ofHours(1)));
    }

    /** {@code concurrency} loops, each sending its next grab (a new person) from the completion of the last. */
    private Result drive(
            int run,
            String contender,
            Function<UserId, CompletionStage<Boolean>> grab,
            ClusterCounters counters,
            Supplier<Map<String, Long>> sharesLeft)
            throws InterruptedException {
        Recorder latencies = new Recorder(3);
        LongAdder granted = new LongAdder();
        LongAdder other = new LongAdder();
        long end = System.nanoTime() + warmup.plus(duration).toNanos();
        CountDownLatch finished = new CountDownLatch(concurrency);
        AtomicBoolean measuring = new AtomicBoolean();
        Runnable[] loops = new Runnable[concurrency];
        for (int loop = 0; loop < concurrency; loop++) {
            int index = loop;
            loops[loop] = () -> {
                if (System.nanoTime() >= end) {
                    finished.countDown();
                    return;
                }
                long start = System.nanoTime();
                grab.apply(UserId.of(nextUser.incrementAndGet())).whenComplete((grant, failure) -> {
                    if (measuring.get()) {
                        latencies.recordValue(Math.max(1, (System.nanoTime() - start) / 1_000));
                        (failure == null && grant ? granted : other).increment();
                    }
                    loops[index].run();
                });
            };
        }
        for (Runnable loop : loops) {
            loop.run();
        }
        Thread.sleep(warmup.toMillis());
        Map<String, double[]> before = counters.read();
        Map<String, Long> leftBefore = sharesLeft.get();
        double clientBefore = processCpuSeconds();
        latencies.reset();
        measuring.set(true);
        long windowStart = System.nanoTime();
        Thread.sleep(duration.toMillis());
        measuring.set(false);
        double seconds = (System.nanoTime() - windowStart) / 1e9;
        double clientCpu = processCpuSeconds() - clientBefore;
        Map<String, double[]> after = counters.read();
        Map<String, Long> leftAfter = sharesLeft.get();
        finished.await();
        Map<String, Long> grants = new LinkedHashMap<>();
        leftBefore.forEach((node, left) -> grants.put(node, left - leftAfter.getOrDefault(node, 0L)));
        return Result.of(
                run,
                contender,
                seconds,
                granted.sum(),
                other.sum(),
                latencies.getIntervalHistogram(),
                clientCpu,
                before,
                after,
                grants);
    }

    private static double processCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime()
                / 1e9;
    }

    private static String summary(List<Result> results) {
        List<Double> ratios = new ArrayList<>();
        List<Double> cpuRatios = new ArrayList<>();
        for (int run = 1; run <= results.size() / 2; run++) {
            Result packet = find(results, run, "packet");
            Result campaign = find(results, run, "campaign");
            ratios.add(campaign.grabsPerSecond() / packet.grabsPerSecond());
            cpuRatios.add(campaign.redisCpuMicrosPerGrab() / packet.redisCpuMicrosPerGrab());
        }
        return String.format(
                "campaign / packet grabs/s: median %.2fx (range %.2f-%.2f) over %d run(s); Redis CPU per grab,"
                        + " campaign / packet: median %.2fx (range %.2f-%.2f)",
                median(ratios),
                min(ratios),
                max(ratios),
                ratios.size(),
                median(cpuRatios),
                min(cpuRatios),
                max(cpuRatios));
    }

    private static Result find(List<Result> results, int run, String contender) {
        return results.stream()
                .filter(r -> r.run() == run && r.contender().equals(contender))
                .findFirst()
                .orElseThrow();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** One contender's window in one run. */
    record Result(
            int run,
            String contender,
            double seconds,
            long granted,
            long other,
            long p50Micros,
            long p99Micros,
            double clientCpuMicrosPerGrab,
            Map<String, Double> redisCpuSecondsByPrimary,
            Map<String, Long> grantsByPrimary) {

        static Result of(
                int run,
                String contender,
                double seconds,
                long granted,
                long other,
                Histogram latencies,
                double clientCpuSeconds,
                Map<String, double[]> before,
                Map<String, double[]> after,
                Map<String, Long> grants) {
            Map<String, Double> cpu = new LinkedHashMap<>();
            after.forEach((node, counters) -> {
                double[] was = before.getOrDefault(node, new double[] {0});
                cpu.put(node, counters[0] - was[0]);
            });
            long grabs = Math.max(1, granted + other);
            return new Result(
                    run,
                    contender,
                    seconds,
                    granted,
                    other,
                    latencies.getValueAtPercentile(50),
                    latencies.getValueAtPercentile(99),
                    clientCpuSeconds * 1e6 / grabs,
                    cpu,
                    grants);
        }

        double grabsPerSecond() {
            return (granted + other) / seconds;
        }

        double redisCpuMicrosPerGrab() {
            return redisCpuSecondsByPrimary.values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum()
                    * 1e6
                    / Math.max(1, granted + other);
        }

        String line() {
            long totalGrants = Math.max(
                    1,
                    grantsByPrimary.values().stream().mapToLong(Long::longValue).sum());
            StringBuilder spread = new StringBuilder();
            grantsByPrimary.forEach(
                    (node, calls) -> spread.append(String.format(" %s %.1f%%", node, 100.0 * calls / totalGrants)));
            return String.format(
                    "run %d %-8s %,9.0f grabs/s (granted %,d, other %,d)  p50 %,d us  p99 %,d us  Redis CPU %.1f"
                            + " us/grab  bench process CPU %.1f us/grab  grants by primary:%s",
                    run,
                    contender,
                    grabsPerSecond(),
                    granted,
                    other,
                    p50Micros,
                    p99Micros,
                    redisCpuMicrosPerGrab(),
                    clientCpuMicrosPerGrab,
                    spread);
        }

        String json() {
            return String.format(
                    Locale.ROOT,
                    "{\"run\":%d,\"contender\":\"%s\",\"grabsPerSecond\":%.1f,\"granted\":%d,\"other\":%d,"
                            + "\"p50Micros\":%d,\"p99Micros\":%d,\"redisCpuMicrosPerGrab\":%.2f,"
                            + "\"benchCpuMicrosPerGrab\":%.2f,\"grantsByPrimary\":%s}",
                    run,
                    contender,
                    grabsPerSecond(),
                    granted,
                    other,
                    p50Micros,
                    p99Micros,
                    redisCpuMicrosPerGrab(),
                    clientCpuMicrosPerGrab,
                    jsonMap(grantsByPrimary));
        }

        private static String jsonMap(Map<String, Long> map) {
            StringBuilder out = new StringBuilder("{");
            map.forEach((k, v) -> out.append(out.length() > 1 ? "," : "")
                    .append('"')
                    .append(k)
                    .append("\":")
                    .append(v));
            return out.append('}').toString();
        }
    }
}
