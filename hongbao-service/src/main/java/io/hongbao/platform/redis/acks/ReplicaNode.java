package io.hongbao.platform.redis.acks;

import io.lettuce.core.api.StatefulRedisConnection;
import java.util.concurrent.CompletionStage;

/**
 * What {@link ReplicatedAcknowledgements} asks of one node connection: its replicas and a WAIT. A port so that a test
 * can hold the answers ({@code ReplicatedAcknowledgementsTest}); {@link #of} is the one on a Lettuce connection.
 */
interface ReplicaNode {

    /** {@code INFO replication}, on the node's connection. */
    CompletionStage<String> replicationInfo();

    /** {@code WAIT replicas timeoutMillis}, on the node's connection. */
    CompletionStage<Long> waitForReplicas(int replicas, long timeoutMillis);

    static ReplicaNode of(StatefulRedisConnection<String, String> connection) {
        return new ReplicaNode() {
            @Override
            public CompletionStage<String> replicationInfo() {
                return connection.async().info("replication");
            }

            @Override
            public CompletionStage<Long> waitForReplicas(int replicas, long timeoutMillis) {
                return connection.async().waitForReplication(replicas, timeoutMillis);
            }
        };
    }
}
