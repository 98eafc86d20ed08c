package io.hongbao.platform.redis.acks;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import java.util.OptionalInt;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * When a grab or a draw is answered only once replicas have it (ADR 0073). Bound beside {@code StorageSettings}' own
 * {@code hongbao.redis} keys.
 *
 * @param minReplicasAcked {@code auto}: one replica when the node had at least one connected at the last sample, else
 *     none; or a number N >= 0: always N (0: no WAIT at all)
 * @param replicaAckTimeout how long one WAIT waits for the replicas before the calls it covers answer 503
 * @param replicaSampleEvery how often each node's connected replicas are counted (INFO replication), for {@code auto}
 */
@ConfigurationProperties("hongbao.redis")
public record ReplicaAckSettings(String minReplicasAcked, Duration replicaAckTimeout, Duration replicaSampleEvery) {

    static final String AUTO = "auto";

    public ReplicaAckSettings {
        Setting.present(minReplicasAcked, "hongbao.redis.min-replicas-acked");
        if (!AUTO.equals(minReplicasAcked)) {
            int fixed;
            try {
                fixed = Integer.parseInt(minReplicasAcked.trim());
            } catch (NumberFormatException e) {
                fixed = -1;
            }
            if (fixed < 0) {
                throw new IllegalArgumentException(
                        "hongbao.redis.min-replicas-acked must be auto or a number >= 0, not " + minReplicasAcked);
            }
        }
        Setting.positive(replicaAckTimeout, "hongbao.redis.replica-ack-timeout");
        Setting.positive(replicaSampleEvery, "hongbao.redis.replica-sample-every");
    }

    /** The fixed number of replicas every call waits for; empty for {@code auto}. */
    public OptionalInt fixedReplicas() {
        return AUTO.equals(minReplicasAcked)
                ? OptionalInt.empty()
                : OptionalInt.of(Integer.parseInt(minReplicasAcked.trim()));
    }
}
