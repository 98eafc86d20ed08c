package io.hongbao.platform.redis;

import io.lettuce.core.api.StatefulRedisConnection;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The Redis servers behind the shared connection, one by one, for commands no key routes: {@code INFO},
 * {@code CONFIG GET}, {@code CLUSTER INFO}. Standalone: the one Redis. Cluster: the nodes of the topology as last
 * refreshed.
 */
public interface RedisNodes {

    /** The primaries (standalone: the one Redis). */
    List<Node> primaries();

    /** Every node, replicas included (standalone: the one Redis). */
    List<Node> all();

    boolean cluster();

    /** One node: its address and a connection to it (opened on first use, then kept by the client). */
    record Node(String address, CompletionStage<StatefulRedisConnection<String, String>> connection) {}
}
