package io.hongbao.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.collect.Range;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.shardingsphere.infra.datanode.DataNodeInfo;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.RangeShardingValue;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

class ShardAlgorithmTest {

    private static final DatabaseShards SHARDS = new DatabaseShards(4, 16);
    private static final List<String> TARGETS = List.of("ds_0", "ds_1", "ds_2", "ds_3");

    @Test
    void a_user_id_goes_to_the_data_source_database_shards_names_for_the_user() {
        ShardAlgorithm.ByUserId algorithm = init(new ShardAlgorithm.ByUserId());

        assertThat(precise(algorithm, "accounts", "user_id", 7L)).isEqualTo("ds_3");
        assertThat(precise(algorithm, "accounts", "user_id", 1_000_001)).isEqualTo("ds_1");
        assertThat(precise(algorithm, "accounts", "user_id", "8")).isEqualTo("ds_0");
    }

    @Test
    void a_packet_id_goes_to_the_data_source_of_its_virtual_shard() {
        ShardAlgorithm.ByPacketId algorithm = init(new ShardAlgorithm.ByPacketId());
        String id = "8fJ2kQ9xLm3pZ7aB";

        assertThat(precise(algorithm, "red_packets", "id", id)).isEqualTo("ds_" + SHARDS.ofPacket(id));
        assertThat(precise(algorithm, "packet_grabs", "packet_id", id)).isEqualTo("ds_" + SHARDS.ofPacket(id));
    }

    @Test
    void ledger_legs_of_a_user_go_to_the_users_shard_and_legs_of_a_packet_to_the_packets() {
        String packet = "8fJ2kQ9xLm3pZ7aB";

        assertThat(ledger("user:7")).isEqualTo(SHARDS.ofUser(7));
        assertThat(ledger("world:7")).isEqualTo(SHARDS.ofUser(7));
        assertThat(ledger("transit:user:7")).isEqualTo(SHARDS.ofUser(7));
        assertThat(ledger("escrow:" + packet)).isEqualTo(SHARDS.ofPacket(packet));
        assertThat(ledger("transit:escrow:" + packet)).isEqualTo(SHARDS.ofPacket(packet));
    }

    @Test
    void a_ledger_account_of_no_known_kind_has_no_shard_and_fails_loudly() {
        for (String account : List.of("world", "user:", "user:abc", "escrow:", "transit:world:7", "bank:1")) {
            assertThatThrownBy(() -> ledger(account))
                    .as(account)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(account);
        }
    }

    @Test
    void a_range_of_keys_may_be_on_every_shard() {
        ShardAlgorithm.ByUserId algorithm = init(new ShardAlgorithm.ByUserId());

        assertThat(algorithm.doSharding(
                        TARGETS,
                        new RangeShardingValue<Comparable<?>>(
                                "accounts", "user_id", new DataNodeInfo("ds_", 1, '0'), Range.closed(1L, 2L))))
                .containsExactlyElementsOf(TARGETS);
    }

    @Test
    void every_table_the_migrations_create_is_routed_or_deliberately_reached_per_shard() throws IOException {
        Set<String> created = new TreeSet<>();
        Pattern createTable = Pattern.compile("CREATE TABLE (\\w+)");
        for (Resource script : new PathMatchingResourcePatternResolver().getResources("classpath:db/migration/*.sql")) {
            Matcher table = createTable.matcher(script.getContentAsString(StandardCharsets.UTF_8));
            while (table.find()) {
                created.add(table.group(1));
            }
        }

        Set<String> placed = new TreeSet<>(ShardedDataSources.routed());
        placed.add("db_shard_layout");

        assertThat(placed).isEqualTo(created);
    }

    private static <A extends ShardAlgorithm<Comparable<?>>> A init(A algorithm) {
        algorithm.init(ShardAlgorithm.props(SHARDS));
        return algorithm;
    }

    private static String precise(
            ShardAlgorithm<Comparable<?>> algorithm, String table, String column, Comparable<?> value) {
        return algorithm.doSharding(
                TARGETS, new PreciseShardingValue<>(table, column, new DataNodeInfo("ds_", 1, '0'), value));
    }

    private static int ledger(String account) {
        String target = precise(init(new ShardAlgorithm.ByLedgerAccount()), "ledger_entries", "account", account);
        return Integer.parseInt(target.substring("ds_".length()));
    }
}
