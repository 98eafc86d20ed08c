package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.redpacket.RedPacketSettings.ShardTags;
import io.hongbao.redpacket.infrastructure.ShardLayout;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketIntegrationTest;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;

/**
 * ADR 0071, data from before the layout was recorded: migration V41 records what such data was written with (16
 * shards, tags {0}..{15}), and the service then refuses the new defaults, saying how to keep the old layout. Run inside
 * a transaction that is rolled back, so the shared test database keeps its own record.
 */
class LegacyShardLayoutIT extends RedPacketIntegrationTest {

    /** The database directly, as Flyway runs V41: ShardingSphere does not take its INSERT ... SELECT (ADR 0083). */
    @Autowired
    StorageEndpoints endpoints;

    @Test
    void aDatabaseWithPacketsButNoRecordIsRecordedAsSixteenLegacyShardsAndTheNewDefaultsAreRefused() throws Exception {
        long sender = newUser();
        api().deposit(sender, 100).expectStatus().isOk();
        new RedPacketApi(http, this::tokenFor).sendOk(sender, 100, 1, "RANDOM", null, null);
        String legacyRecord = migrationStatements()[1];

        try (Connection connection =
                DriverManager.getConnection(endpoints.jdbcUrl(), endpoints.dbUser(), endpoints.dbPassword())) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate("DELETE FROM redpacket_shard_layout");
                statement.executeUpdate(legacyRecord);
                try (ResultSet row = statement.executeQuery("SELECT shards, tags FROM redpacket_shard_layout")) {
                    assertThat(row.next()).isTrue();
                    assertThat(row.getInt("shards")).isEqualTo(16);
                    assertThat(row.getString("tags")).isEqualTo("legacy");
                }
            } finally {
                connection.rollback();
            }
        }
    }

    @Test
    void theRefusalOfANewLayoutOnLegacyDataSaysToSetSixteenShardsAndTheLegacyTags() {
        ShardLayout.Layout legacy = new ShardLayout.Layout(16, ShardTags.LEGACY);
        ShardLayout.Layout defaults = new ShardLayout.Layout(256, ShardTags.EVEN);

        assertThat(ShardLayout.refusal(defaults, legacy))
                .contains("hongbao.redpacket.shards is 256 and hongbao.redpacket.shard-tags is even")
                .contains("written with 16 shards and tags legacy")
                .contains("Set hongbao.redpacket.shards=16 and hongbao.redpacket.shard-tags=legacy")
                .contains("HONGBAO_REDPACKET_SHARDS=16 and HONGBAO_REDPACKET_SHARDTAGS=legacy");
        assertThatThrownBy(() -> new ShardLayout(jdbc).recordOrCheck(new ShardLayout.Layout(17, ShardTags.EVEN)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("hongbao.redpacket.shards is 17");
    }

    /** V41's statements: the CREATE TABLE, then the INSERT that records the legacy layout where packets exist. */
    private static String[] migrationStatements() throws Exception {
        String script = new ClassPathResource("db/migration/V41__redpacket_shard_layout.sql")
                .getContentAsString(StandardCharsets.UTF_8)
                .replaceAll("(?m)^--.*$", "");
        String[] statements = script.split(";");
        return new String[] {statements[0].trim(), statements[1].trim()};
    }
}
