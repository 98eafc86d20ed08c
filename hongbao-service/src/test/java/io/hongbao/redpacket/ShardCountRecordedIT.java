package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.hongbao.support.ServiceProcess;
import io.hongbao.support.TestStorage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 0071: the shard count is recorded in the database at the first start, and a later start with another count on
 * the same data refuses to start, naming the setting and both values. Separate JVMs on one data directory, as an
 * operator who changes {@code HONGBAO_REDPACKET_SHARDS} between two deployments would run them.
 */
class ShardCountRecordedIT {

    @TempDir
    Path dataDir;

    @Test
    void aStartWithAnotherShardCountThanTheDatabaseRecordedRefusesAndSaysWhichValueToSet() throws Exception {
        assumeFalse(TestStorage.external(), "the embedded run covers this; it starts its own servers");
        try (ServiceProcess first = ServiceProcess.start(dataDir, Map.of("HONGBAO_REDPACKET_SHARDS", "32"))) {
            assertThat(first.startedIn()).isPositive();
        }

        ServiceProcess.Exited refused = ServiceProcess.startExpectingExit(
                dataDir, Map.of("HONGBAO_REDPACKET_SHARDS", "64"), Duration.ofMinutes(3));

        assertThat(refused.code()).isNotZero();
        assertThat(refused.log())
                .contains("hongbao.redpacket.shards is 64")
                .contains("written with 32 shards and tags even")
                .contains("Set hongbao.redpacket.shards=32")
                .contains("HONGBAO_REDPACKET_SHARDS=32");

        // The same count as recorded starts again.
        try (ServiceProcess again = ServiceProcess.start(dataDir, Map.of("HONGBAO_REDPACKET_SHARDS", "32"))) {
            assertThat(again.startedIn()).isPositive();
        }
    }
}
