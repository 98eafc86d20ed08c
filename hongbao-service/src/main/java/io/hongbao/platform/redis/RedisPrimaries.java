package io.hongbao.platform.redis;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import java.util.concurrent.CompletionStage;

/**
 * Runs a script on the primary that owns its keys' slot and tells on which node connection it ran.
 *
 * <p>Why not simply the shared {@link RedisConnection}: a grab or a draw is acknowledged only once {@code WAIT} confirms
 * that replicas have it (ADR 0073), and {@code WAIT} counts the writes of the connection it is sent on. On a cluster the
 * shared connection hides which node a command went to, so the script and its {@code WAIT} could leave on two different
 * node connections and the {@code WAIT} would confirm nothing. Here the script is sent on the very node connection
 * Lettuce's own routing uses for the slot's writes (its pool key is {@code (WRITE, host, port)}, the same as
 * {@code StatefulRedisClusterConnection.getConnection(host, port)}), and that connection is handed back, so that the
 * {@code WAIT} follows on it, after the script in its pipeline. Standalone, it is the shared connection.
 *
 * <p>Redirects: a {@code MOVED} refreshes the topology and tries again on the new owner; an {@code ASK} (a slot being
 * migrated) sends {@code ASKING} and the script as one write on the target's connection, so that nothing else can come
 * between them. Both up to {@code hongbao.redis.topology.max-redirects}; the last failure is the caller's (see
 * {@link NotExecuted}).
 */
public interface RedisPrimaries {

    /** Standalone: the one Redis behind {@code connection} (tests, the bench). */
    static RedisPrimaries of(StatefulRedisConnection<String, String> connection) {
        return new StandalonePrimaries(connection);
    }

    /**
     * A Redis Cluster behind {@code connection}, opened by {@code client} (the bench); redirects followed up to {@code
     * maxRedirects} times.
     */
    static RedisPrimaries of(
            RedisClusterClient client, StatefulRedisClusterConnection<String, String> connection, int maxRedirects) {
        return new ClusterPrimaries(client, connection, maxRedirects);
    }

    /** The connection to the primary that owns {@code key}'s slot now. */
    CompletionStage<StatefulRedisConnection<String, String>> forKey(String key);

    /** Runs {@code script} on the primary of {@code keys[0]}'s slot (every key must share its hash tag). */
    <T> CompletionStage<Ran<T>> run(LuaScript script, ScriptOutputType type, String[] keys, String... args);

    /** A script's result, and the node connection it ran on (for a {@code WAIT} after it). */
    record Ran<T>(T result, StatefulRedisConnection<String, String> node) {}
}
