package io.hongbao.platform.redis;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * Warns loudly at start-up when the Redis in use can lose acknowledged grabs: a grab is answered once Redis has it,
 * so Redis must fsync every write (AOF {@code appendfsync always}) and must never evict keys.
 */
public final class RedisDurabilityCheck {

    private static final Logger log = LoggerFactory.getLogger(RedisDurabilityCheck.class);

    private final StatefulRedisConnection<String, String> connection;

    RedisDurabilityCheck(StatefulRedisConnection<String, String> connection) {
        this.connection = connection;
    }

    @EventListener(ApplicationReadyEvent.class)
    public void warnIfWeak() {
        List<String> problems = problems();
        if (!problems.isEmpty()) {
            log.warn(
                    "\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n"
                            + "!! This Redis can LOSE ACKNOWLEDGED GRABS: {}\n"
                            + "!! Set appendonly yes, appendfsync always, maxmemory-policy noeviction.\n"
                            + "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
                    String.join("; ", problems));
        }
        if ("0".equals(connection.sync().configGet("maxmemory").get("maxmemory"))) {
            log.warn("Redis has no maxmemory: it grows until the machine runs out, and new grabs cannot be refused"
                    + " before it is full (only the persister backlog bounds them). Set maxmemory (ADR 0067).");
        }
    }

    /** What is weaker than the durability the service promises; empty when Redis is configured safely. */
    public List<String> problems() {
        RedisCommands<String, String> redis = connection.sync();
        // One CONFIG GET per setting: several names in one call need Redis 7, the embedded Redis is 6.2.
        Map<String, String> config = new HashMap<>();
        for (String setting : List.of("appendonly", "appendfsync", "maxmemory-policy")) {
            config.putAll(redis.configGet(setting));
        }
        List<String> problems = new ArrayList<>();
        if (!"yes".equals(config.get("appendonly"))) {
            problems.add("appendonly is " + config.get("appendonly"));
        } else if (!"always".equals(config.get("appendfsync"))) {
            problems.add("appendfsync is " + config.get("appendfsync"));
        }
        if (!"noeviction".equals(config.get("maxmemory-policy"))) {
            problems.add("maxmemory-policy is " + config.get("maxmemory-policy"));
        }
        return problems;
    }
}
