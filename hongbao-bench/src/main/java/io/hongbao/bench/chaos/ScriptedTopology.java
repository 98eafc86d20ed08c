package io.hongbao.bench.chaos;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The scale-out topology as an operator runs it: {@code scripts/cluster.sh} starts a Redis Cluster (3 primaries, 3
 * replicas), one MariaDB per database shard, the service instances and HAProxy, and stops them. Its processes are
 * chaos's victims, found by the script's pid files; a killed one is started again by running the script's {@code up}
 * once more, which starts what is not running and waits until HAProxy sees every instance ready. Ports are the
 * script's defaults plus 10000, clear of a topology the operator runs on the defaults.
 */
final class ScriptedTopology implements AutoCloseable {

    private static final int PORT_OFFSET = 10_000;
    private static final int REDIS_FIRST_PORT = 7001 + PORT_OFFSET;
    private static final int REDIS_NODES = 6;
    private static final int DB_PORT = 3407 + PORT_OFFSET;
    private static final int SERVICE_FIRST_PORT = 8081 + PORT_OFFSET;
    private static final int PROXY_PORT = 8888 + PORT_OFFSET;
    private static final int PROXY_STATS_PORT = 8404 + PORT_OFFSET;
    private static final Duration SCRIPT_LIMIT = Duration.ofMinutes(10);

    private final Path script;
    private final Path data;
    private final Path log;
    private final Map<String, String> env;
    private final int instances;
    private final int shards;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private ScriptedTopology(Path script, Path data, Path log, Map<String, String> env, int instances, int shards) {
        this.script = script;
        this.data = data;
        this.log = log;
        this.env = env;
        this.instances = instances;
        this.shards = shards;
    }

    /** Runs the script's {@code up}; logs and data under {@code work/topology}. */
    static ScriptedTopology up(Path work, ChaosCommand options, String secret)
            throws IOException, InterruptedException {
        Path data = work.resolve("topology").toAbsolutePath();
        Map<String, String> env = new HashMap<>();
        env.put("CLUSTER_DATA", data.toString());
        env.put("REDIS_FIRST_PORT", String.valueOf(REDIS_FIRST_PORT));
        env.put("REDIS_NODES", String.valueOf(REDIS_NODES));
        env.put("DB_PORT", String.valueOf(DB_PORT));
        env.put("DB_SHARDS", String.valueOf(options.dbShards));
        env.put("INSTANCES", String.valueOf(options.instances));
        env.put("SERVICE_FIRST_PORT", String.valueOf(SERVICE_FIRST_PORT));
        env.put("PROXY_PORT", String.valueOf(PROXY_PORT));
        env.put("PROXY_STATS_PORT", String.valueOf(PROXY_STATS_PORT));
        env.put("HONGBAO_JAR", options.serviceJar.toAbsolutePath().toString());
        env.put("HONGBAO_JWT_SECRET", secret);
        env.put("JAVA_OPTS", options.jvmArgs);
        // The set-up sends every packet from one sender (far over the send limit); a restarted instance must come back
        // quickly (a short warm-up); a killed instance's held entries are reclaimed by the others within seconds.
        env.put(
                "SERVICE_ENV",
                "HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED=false HONGBAO_REDPACKET_WARMUP_REQUESTS=2000"
                        + " HONGBAO_REDPACKET_PERSISTER_CLAIMIDLE=5s HONGBAO_REDPACKET_PERSISTER_RECLAIMEVERY=1s");
        Path script = Path.of("scripts", "cluster.sh").toAbsolutePath();
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException(script + " is missing: run the bench from the repository's root");
        }
        ScriptedTopology topology = new ScriptedTopology(
                script, data, work.resolve("topology-script.log"), env, options.instances, options.dbShards);
        try {
            topology.run("up");
        } catch (IOException | RuntimeException e) {
            topology.close();
            throw e;
        }
        return topology;
    }

    /** HAProxy's address: where the clients send everything. */
    String baseUrl() {
        return "http://127.0.0.1:" + PROXY_PORT;
    }

    /** Each database shard's database, shard 0 first, as the instances reach them. */
    List<String> shardUrls() {
        List<String> urls = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            urls.add(
                    shards == 1
                            ? "jdbc:mariadb://127.0.0.1:" + DB_PORT + "/hongbao"
                            : "jdbc:mariadb://127.0.0.1:" + (DB_PORT + shard) + "/hongbao_shard_" + shard);
        }
        return urls;
    }

    String describe() {
        return "Redis Cluster 3+3, " + shards + " database shard(s) each on a MariaDB of its own, " + instances
                + " instances behind HAProxy (scripts/cluster.sh, data in " + data + ")";
    }

    /** The MariaDB of the last database shard. */
    Victim lastDatabaseShard() {
        int shard = shards - 1;
        return new PidVictim("database shard " + shard, shard == 0 ? "mariadb" : "mariadb-" + shard);
    }

    /** The last instance. */
    Victim lastInstance() {
        return new PidVictim("instance " + instances, "service-" + instances);
    }

    /** A Redis node that is a primary now (after a failover, another one than at the start). */
    Victim aRedisPrimary() throws IOException, InterruptedException {
        for (int port = REDIS_FIRST_PORT; port < REDIS_FIRST_PORT + REDIS_NODES; port++) {
            Process role = new ProcessBuilder("redis-cli", "-p", String.valueOf(port), "role")
                    .redirectErrorStream(true)
                    .start();
            String answer = new String(role.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (role.waitFor() == 0 && answer.startsWith("master")) {
                return new PidVictim("Redis primary :" + port, "redis-" + port);
            }
        }
        throw new IllegalStateException("no Redis node answers as a primary");
    }

    /** What HAProxy thinks of instance {@code i} (1-based): UP, DOWN, "UP 1/2", ... */
    String balancerStatus(int instance) {
        try {
            HttpResponse<String> stats = http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PROXY_STATS_PORT + "/stats;csv"))
                            .timeout(Duration.ofSeconds(2))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            for (String line : stats.body().split("\n")) {
                String[] fields = line.split(",");
                if (fields.length > 17 && fields[0].equals("instances") && fields[1].equals("instance-" + instance)) {
                    return fields[17];
                }
            }
            return "unknown";
        } catch (IOException e) {
            return "no answer";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    int instances() {
        return instances;
    }

    /** The script's {@code down}: front to back, then checks that nothing answers on the topology's ports. */
    @Override
    public void close() throws IOException, InterruptedException {
        run("down");
    }

    private void run(String command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", script.toString(), command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(SCRIPT_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    "scripts/cluster.sh " + command + " took over " + SCRIPT_LIMIT + ": " + log);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(
                    "scripts/cluster.sh " + command + " failed (exit " + process.exitValue() + "): see " + log);
        }
    }

    /** A process of the topology by its pid file; started again by the script. */
    private final class PidVictim implements Victim {

        private final String name;
        private final String pidFile;
        private boolean stalled;

        PidVictim(String name, String pidFile) {
            this.name = name;
            this.pidFile = pidFile;
        }

        @Override
        public void kill() throws Exception {
            if (stalled) {
                resume();
            }
            ProcessHandle process =
                    ProcessHandle.of(pid()).orElseThrow(() -> new IllegalStateException(name + " is not running"));
            process.destroyForcibly();
            process.onExit().get(30, TimeUnit.SECONDS);
        }

        @Override
        public void restart() throws Exception {
            run("up");
        }

        @Override
        public void stall() {
            Signals.stop(pid());
            stalled = true;
        }

        @Override
        public void resume() {
            Signals.resume(pid());
            stalled = false;
        }

        @Override
        public String toString() {
            return name;
        }

        private long pid() {
            try {
                return Long.parseLong(Files.readString(data.resolve("run").resolve(pidFile + ".pid"))
                        .trim());
            } catch (IOException e) {
                throw new IllegalStateException("no pid file for " + name, e);
            }
        }
    }
}
