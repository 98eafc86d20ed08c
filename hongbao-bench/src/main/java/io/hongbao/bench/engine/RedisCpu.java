package io.hongbao.bench.engine;

import io.lettuce.core.api.StatefulRedisConnection;

/** CPU seconds the Redis server has used so far (INFO cpu: user + sys), to report Redis cost per grab. */
final class RedisCpu {

    private RedisCpu() {}

    static double seconds(StatefulRedisConnection<String, String> redis) {
        double total = 0;
        for (String line : redis.sync().info("cpu").split("\r?\n")) {
            if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:")) {
                total +=
                        Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return total;
    }
}
