package io.hongbao.bench.campaign;

import io.hongbao.bench.RedisInfo;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each primary's CPU ({@code used_cpu_user + used_cpu_sys}, its own threads), read through {@code INFO} on its node
 * connection.
 */
final class ClusterCounters {

    private final StatefulRedisClusterConnection<String, String> connection;

    ClusterCounters(StatefulRedisClusterConnection<String, String> connection) {
        this.connection = connection;
    }

    List<RedisClusterNode> primaries() {
        return connection.getPartitions().stream()
                .filter(node -> node.is(RedisClusterNode.NodeFlag.UPSTREAM))
                .toList();
    }

    /** By "host:port": {cpu seconds}. */
    Map<String, double[]> read() {
        Map<String, double[]> counters = new LinkedHashMap<>();
        for (RedisClusterNode primary : primaries()) {
            String address = primary.getUri().getHost() + ":" + primary.getUri().getPort();
            String info = connection
                    .getConnection(primary.getUri().getHost(), primary.getUri().getPort())
                    .sync()
                    .info("everything");
            Map<String, String> fields = RedisInfo.fields(info);
            double cpu = Double.parseDouble(fields.getOrDefault("used_cpu_user", "0"))
                    + Double.parseDouble(fields.getOrDefault("used_cpu_sys", "0"));
            counters.put(address, new double[] {cpu});
        }
        return counters;
    }
}
