package io.hongbao.platform.redis;

import io.lettuce.core.api.sync.RedisCommands;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * Warns loudly at start-up when the Redis in use can lose acknowledged grabs: a grab is answered once Redis has it,
 * so Redis must fsync every write (AOF {@code appendfsync always}) and must never evict keys. On a cluster every node
 * is checked, replicas too: a replica becomes a primary at its failover.
 */
public final class RedisDurabilityCheck {

    private static final Logger log = LoggerFactory.getLogger(RedisDurabilityCheck.class);

    private final RedisNodes nodes;

    RedisDurabilityCheck(RedisNodes nodes) {
        this.nodes = nodes;
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
        for (RedisNodes.Node node : nodes.all()) {
            if ("0".equals(sync(node).configGet("maxmemory").get("maxmemory"))) {
                log.warn(
                        "Redis {} has no maxmemory: it grows until the machine runs out, and new grabs cannot be"
                                + " refused before it is full (only the persister backlog bounds them). Set maxmemory (ADR"
                                + " 0067).",
                        node.address());
            }
        }
    }

    /** One node's durability settings as Redis reports them (a setting Redis did not answer is absent). */
    public record NodeDurability(String node, Map<String, String> settings) {
        public NodeDurability {
            settings = Map.copyOf(settings);
        }
    }

    /** The settings read here, in the order shown. */
    public static final List<String> SETTINGS = List.of("appendonly", "appendfsync", "maxmemory-policy", "maxmemory");

    public boolean cluster() {
        return nodes.cluster();
    }

    /** Every node's durability settings, replicas included (blocking: one CONFIG GET per setting and node). */
    public List<NodeDurability> settings() {
        List<NodeDurability> all = new ArrayList<>();
        for (RedisNodes.Node node : nodes.all()) {
            RedisCommands<String, String> redis = sync(node);
            // One CONFIG GET per setting: several names in one call need Redis 7, the embedded Redis is 6.2.
            Map<String, String> config = new HashMap<>();
            for (String setting : SETTINGS) {
                config.putAll(redis.configGet(setting));
            }
            all.add(new NodeDurability(node.address(), config));
        }
        return all;
    }

    /**
     * What is weaker than the durability the service promises, per node ("host:port: ..." on a cluster); empty when
     * every node is configured safely.
     */
    public List<String> problems() {
        return problems(settings(), nodes.cluster());
    }

    /** {@link #problems()} of settings already read. */
    public static List<String> problems(List<NodeDurability> settings, boolean cluster) {
        List<String> problems = new ArrayList<>();
        for (NodeDurability node : settings) {
            String where = cluster ? node.node() + ": " : "";
            Map<String, String> config = node.settings();
            if (!"yes".equals(config.get("appendonly"))) {
                problems.add(where + "appendonly is " + config.get("appendonly"));
            } else if (!"always".equals(config.get("appendfsync"))) {
                problems.add(where + "appendfsync is " + config.get("appendfsync"));
            }
            if (!"noeviction".equals(config.get("maxmemory-policy"))) {
                problems.add(where + "maxmemory-policy is " + config.get("maxmemory-policy"));
            }
        }
        return problems;
    }

    private static RedisCommands<String, String> sync(RedisNodes.Node node) {
        try {
            return node.connection()
                    .toCompletableFuture()
                    .get(5, TimeUnit.SECONDS)
                    .sync();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted connecting to Redis " + node.address(), e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot connect to Redis " + node.address() + ": " + e, e);
        }
    }
}
