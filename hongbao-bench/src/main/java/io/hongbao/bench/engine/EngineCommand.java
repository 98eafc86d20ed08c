package io.hongbao.bench.engine;

import io.hongbao.bench.BenchServers;
import io.hongbao.embedded.EmbeddedServers;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code engine}: the production grab path without HTTP against {@code seed-baseline}, on one Redis, in one command.
 * Each run measures every contender in turn on a flushed Redis with fresh packets; the ratio is reported as the
 * median and range over runs.
 */
@Command(
        name = "engine",
        mixinStandardHelpOptions = true,
        description = "Engine-level grabs/s: production path (coalesced Lua + stream event) vs seed-baseline.")
public final class EngineCommand implements Callable<Integer> {

    @Option(
            names = "--redis-url",
            description = "use this Redis instead of starting an embedded one (durable settings)")
    String redisUrl;

    @Option(
            names = "--runs",
            defaultValue = "3",
            description = "runs; the ratio is the median over them (${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--warmup", defaultValue = "PT5S", description = "warm-up per contender and run (${DEFAULT-VALUE})")
    Duration warmup;

    @Option(
            names = "--duration",
            defaultValue = "PT10S",
            description = "measured window per contender (${DEFAULT-VALUE})")
    Duration duration;

    @Option(names = "--packets", defaultValue = "3000", description = "packets per contender (${DEFAULT-VALUE})")
    int packets;

    @Option(names = "--shares", defaultValue = "1000", description = "shares per packet (${DEFAULT-VALUE})")
    int shares;

    @Option(names = "--users", defaultValue = "1000000", description = "distinct users (${DEFAULT-VALUE})")
    int users;

    @Option(
            names = "--concurrency",
            defaultValue = "256",
            description = "outstanding grabs of the production path (${DEFAULT-VALUE})")
    int concurrency;

    @Option(
            names = "--max-batch",
            defaultValue = "64",
            description = "most grabs per script call of the production path (${DEFAULT-VALUE})")
    int maxBatch;

    @Option(
            names = "--levers",
            description = "also measure the baseline of request coalescing: the production script, one call per grab"
                    + " (hongbao-uncoalesced)")
    boolean levers;

    @Option(names = "--json", description = "write every result as JSON to this file")
    Path json;

    @Override
    public Integer call() throws Exception {
        Path dataDir = Files.createTempDirectory("hongbao-engine");
        try (EmbeddedServers servers = BenchServers.startWhatIsNotGiven(dataDir, redisUrl, "jdbc:not-used")) {
            String url = redisUrl != null ? redisUrl : servers.redisUrl();
            RedisClient client = RedisClient.create(url);
            try (StatefulRedisConnection<String, String> redis = client.connect()) {
                List<EngineResult> results = measure(client, redis);
                EngineReport report = new EngineReport(results);
                System.out.println(report.table());
                System.out.println(report.ratios());
                writeJson(results);
                return 0;
            } finally {
                client.shutdown();
            }
        }
    }

    private List<EngineResult> measure(RedisClient client, StatefulRedisConnection<String, String> redis)
            throws InterruptedException {
        System.out.printf(
                "engine: %d run(s), warm-up %s + %s measured per contender, %d packets x %d shares, %d users,"
                        + " %d outstanding, max batch %d%n",
                runs, warmup, duration, packets, shares, users, concurrency, maxBatch);
        List<EngineResult> results = new ArrayList<>();
        for (int run = 1; run <= runs; run++) {
            for (Contender contender : contenders(client, redis)) {
                redis.sync().flushall();
                contender.prepare();
                double cpuBefore = RedisCpu.seconds(redis);
                Measurement m = contender.run(warmup, duration);
                double cpu = RedisCpu.seconds(redis) - cpuBefore;
                EngineResult result = EngineResult.of(run, contender.name(), m, contender.meanBatchSize(), cpu);
                System.out.printf("  run %d %-24s %,10.0f grabs/s%n", run, contender.name(), result.grabsPerSecond());
                results.add(result);
            }
        }
        redis.sync().flushall();
        return results;
    }

    private List<Contender> contenders(RedisClient client, StatefulRedisConnection<String, String> redis) {
        List<Contender> contenders = new ArrayList<>();
        contenders.add(new SeedBaseline(client, packets, shares, users));
        contenders.add(new HongbaoEngine(redis, true, maxBatch, concurrency, packets, shares, users));
        if (levers) {
            contenders.add(new HongbaoEngine(redis, false, 1, concurrency, packets, shares, users));
        }
        return contenders;
    }

    private void writeJson(List<EngineResult> results) throws IOException {
        if (json == null) {
            return;
        }
        JsonMapper mapper =
                JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
        Files.writeString(json, mapper.writeValueAsString(results));
        System.out.println("wrote " + json.toAbsolutePath());
    }
}
