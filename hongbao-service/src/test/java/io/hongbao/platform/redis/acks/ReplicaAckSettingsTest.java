package io.hongbao.platform.redis.acks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What {@code hongbao.redis.min-replicas-acked} accepts, and how a node's replicas are counted. */
class ReplicaAckSettingsTest {

    @Test
    void autoFollowsTheNodeAndANumberIsFixed() {
        assertThat(settings("auto").fixedReplicas()).isEmpty();
        assertThat(settings("0").fixedReplicas()).isEqualTo(OptionalInt.of(0));
        assertThat(settings("2").fixedReplicas()).isEqualTo(OptionalInt.of(2));
    }

    @Test
    void anythingElseRefusesToStartWithTheSettingsName() {
        assertThatThrownBy(() -> settings("-1")).hasMessageContaining("hongbao.redis.min-replicas-acked");
        assertThatThrownBy(() -> settings("one")).hasMessageContaining("auto or a number >= 0");
        assertThatThrownBy(() -> new ReplicaAckSettings("auto", Duration.ZERO, Duration.ofSeconds(1)))
                .hasMessageContaining("hongbao.redis.replica-ack-timeout");
    }

    @Test
    void theConnectedReplicasAreReadFromInfoReplication() {
        String info = "# Replication\r\nrole:master\r\nconnected_slaves:2\r\n"
                + "slave0:ip=127.0.0.1,port=7001,state=online,offset=42,lag=0\r\nmaster_repl_offset:42\r\n";

        assertThat(ReplicatedAcknowledgements.connectedReplicas(info)).isEqualTo(2);
        assertThatThrownBy(() -> ReplicatedAcknowledgements.connectedReplicas("# Replication\r\nrole:slave\r\n"))
                .isInstanceOf(IllegalStateException.class);
    }

    private static ReplicaAckSettings settings(String minReplicasAcked) {
        return new ReplicaAckSettings(minReplicasAcked, Duration.ofMillis(100), Duration.ofSeconds(1));
    }
}
