package io.hongbao.bench.http.topology;

import io.hongbao.bench.RedisInfo;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Redis servers of a topology, read through {@code INFO} on each node (so they may be on other machines): CPU
 * ({@code used_cpu_user + used_cpu_sys}, the server's own threads, not its AOF-rewrite children), the grab script's
 * calls and the grants. A grant is exactly one {@code LPOP}: only grab_packets.lua pops, once per GRABBED, and Redis
 * counts commands a script runs in {@code INFO commandstats}. Given one seed of a cluster it finds every node through
 * {@code CLUSTER NODES}; a standalone seed is a topology of one primary.
 */
final class RedisNodes implements AutoCloseable {

    private final RedisClient client = RedisClient.create();
    private final Map<String, StatefulRedisConnection<String, String>> connections = new LinkedHashMap<>();

    RedisNodes(List<String> seeds) {
        for (String seed : seeds) {
            StatefulRedisConnection<String, String> connection = connect(seed);
            String cluster = connection.sync().info("cluster");
            if (cluster.contains("cluster_enabled:1")) {
                for (String line : connection.sync().clusterNodes().split("\n")) {
                    String[] fields = line.trim().split(" ");
                    if (fields.length > 2 && !fields[2].contains("fail") && !fields[2].contains("noaddr")) {
                        String address = fields[1].split("@")[0];
                        connections.computeIfAbsent(address, this::connect);
                    }
                }
                connection.close();
                return;
            }
            connections.put(seed, connection);
        }
    }

    private StatefulRedisConnection<String, String> connect(String address) {
        int colon = address.lastIndexOf(':');
        RedisURI uri = RedisURI.Builder.redis(
                        address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)))
                .withTimeout(Duration.ofSeconds(5))
                .build();
        return client.connect(uri);
    }

    /** Every node's counters now, by "host:port". */
    Map<String, NodeCounters> read() {
        Map<String, NodeCounters> counters = new LinkedHashMap<>();
        connections.forEach((address, connection) -> {
            Map<String, String> info = fields(connection.sync().info("everything"));
            double cpu = Double.parseDouble(info.getOrDefault("used_cpu_user", "0"))
                    + Double.parseDouble(info.getOrDefault("used_cpu_sys", "0"));
            counters.put(
                    address,
                    new NodeCounters(
                            "master".equals(info.get("role")) ? "primary" : "replica",
                            cpu,
                            calls(info.get("cmdstat_evalsha")) + calls(info.get("cmdstat_eval")),
                            calls(info.get("cmdstat_lpop")),
                            Long.parseLong(info.getOrDefault("total_commands_processed", "0"))));
        });
        return counters;
    }

    /** The {@code name:value} lines of an {@code INFO} answer ({@link RedisInfo#fields}). */
    static Map<String, String> fields(String info) {
        return RedisInfo.fields(info);
    }

    /** {@code calls=12,usec=...} → 12; a command never called has no line: 0. */
    static long calls(String commandStats) {
        if (commandStats == null) {
            return 0;
        }
        for (String part : commandStats.split(",")) {
            if (part.startsWith("calls=")) {
                return Long.parseLong(part.substring("calls=".length()));
            }
        }
        return 0;
    }

    List<String> addresses() {
        return new ArrayList<>(connections.keySet());
    }

    @Override
    public void close() {
        connections.values().forEach(StatefulRedisConnection::close);
        client.shutdown();
    }

    /**
     * @param cpuSeconds user + system CPU of the server since it started
     * @param scriptCalls EVALSHA/EVAL calls (a coalesced batch of grabs is one call)
     * @param grants LPOPs: shares handed out
     */
    record NodeCounters(String role, double cpuSeconds, long scriptCalls, long grants, long commands) {}
}
