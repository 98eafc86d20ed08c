package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.support.SecondInstance;
import org.junit.jupiter.api.Test;

/**
 * ADR 0071: the shard count is recorded in the database at the first start, and a later start with another count on
 * the same data refuses to start, naming the setting and both values. Three starts of the service on one data folder
 * of its own (embedded servers), in this JVM, as an operator who
 * changes {@code HONGBAO_REDPACKET_SHARDS} between two deployments would.
 */
class ShardCountRecordedIT {

    private static final String FOLDER = "shard-count-recorded";

    @Test
    void aStartWithAnotherShardCountThanTheDatabaseRecordedRefusesAndSaysWhichValueToSet() {
        try (SecondInstance first = SecondInstance.startWithArguments(FOLDER, "--hongbao.redpacket.shards=32")) {
            assertThat(first.port()).isPositive();
        }

        assertThatThrownBy(() -> SecondInstance.startWithArguments(FOLDER, "--hongbao.redpacket.shards=64")
                        .close())
                .hasStackTraceContaining("hongbao.redpacket.shards is 64")
                .hasStackTraceContaining("written with 32 shards and tags even")
                .hasStackTraceContaining("Set hongbao.redpacket.shards=32")
                .hasStackTraceContaining("HONGBAO_REDPACKET_SHARDS=32");

        // The same count as recorded starts again.
        try (SecondInstance again = SecondInstance.startWithArguments(FOLDER, "--hongbao.redpacket.shards=32")) {
            assertThat(again.port()).isPositive();
        }
    }
}
