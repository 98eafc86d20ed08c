package io.hongbao.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.FaultReport;
import io.hongbao.support.LocalRedisCluster;
import io.hongbao.support.LocalRedisCluster.Failover;
import io.hongbao.support.LocalRedisCluster.Node;
import io.hongbao.support.TestStorage;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The cluster the scale-out tests stand on: three primaries with a replica each, every slot served, and a primary
 * killed with SIGKILL replaced by its replica within seconds, its keys still there. If this fails, ClusterIT says
 * nothing about the service.
 */
class LocalRedisClusterIT {

    @Test
    void aKilledPrimarysReplicaTakesOverItsSlotsWithTheirKeysWithinSeconds() throws Exception {
        FaultReport report = new FaultReport("LocalRedisClusterIT");
        try (LocalRedisCluster cluster =
                LocalRedisCluster.start(TestStorage.runDataDir().resolve("LocalRedisClusterIT"), 3, 1)) {
            List<Node> primaries = cluster.primaryNodes();
            assertThat(primaries).hasSize(3);
            assertThat(cluster.nodes()).hasSize(6);
            assertThat(cluster.primaries()).isEqualTo(3);
            assertThat(cluster.seeds().split(",")).hasSize(6);
            Set<Node> owners = new HashSet<>();
            for (int slot = 0; slot < 16384; slot += 97) {
                owners.add(cluster.nodeOfSlot(slot));
            }
            assertThat(owners).containsExactlyInAnyOrderElementsOf(primaries);

            Node victim = cluster.nodeOfKey("rp:{7}:p:x");
            cluster.call(victim, redis -> redis.set("rp:{7}:p:x", "kept"));
            assertThat(cluster.keys(victim, "*p:*")).contains("rp:{7}:p:x");
            // A replica has the write only once it was replicated: WAIT for it, as the service's acknowledgement does.
            Long replicated = cluster.call(victim, redis -> redis.waitForReplication(1, 2000));
            assertThat(replicated).isEqualTo(1L);
            Node replica = cluster.replicasOf(victim).get(0);

            cluster.kill(victim);
            Failover failover = cluster.awaitFailover(victim, Duration.ofSeconds(30));

            assertThat(failover.promoted()).isEqualTo(replica);
            assertThat(cluster.nodeOfKey("rp:{7}:p:x")).isEqualTo(replica);
            String kept = cluster.call(replica, redis -> redis.get("rp:{7}:p:x"));
            assertThat(kept).isEqualTo("kept");
            assertThat(cluster.primaryNodes()).hasSize(3).doesNotContain(victim).contains(replica);
            assertThat(cluster.primaryPorts()).contains(replica.port()).doesNotContain(victim.port());
            assertThat(failover.afterKill()).isLessThan(Duration.ofSeconds(15));
            report.line(
                            "primary %s killed; replica %s served its slots %d ms later (cluster-node-timeout %d ms)",
                            victim, replica, failover.afterKill().toMillis(), LocalRedisCluster.NODE_TIMEOUT.toMillis())
                    .print();
        }
    }
}
