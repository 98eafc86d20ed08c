package io.hongbao.platform.db;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.apache.shardingsphere.broadcast.config.BroadcastRuleConfiguration;
import org.apache.shardingsphere.driver.api.ShardingSphereDataSourceFactory;
import org.apache.shardingsphere.infra.algorithm.core.config.AlgorithmConfiguration;
import org.apache.shardingsphere.infra.config.mode.ModeConfiguration;
import org.apache.shardingsphere.infra.config.rule.RuleConfiguration;
import org.apache.shardingsphere.mode.repository.standalone.StandalonePersistRepositoryConfiguration;
import org.apache.shardingsphere.sharding.api.config.ShardingRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.rule.ShardingTableReferenceRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.rule.ShardingTableRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.strategy.sharding.StandardShardingStrategyConfiguration;

/**
 * The one DataSource the service reaches its system of record through: ShardingSphere-JDBC over the physical shards
 * {@code ds_0..ds_<n-1>} (ADR 0083), with one database as the case n = 1. Which table lives where, and why, is the
 * ADR's placement table; the algorithms are {@link ShardAlgorithm}'s, i.e. {@link DatabaseShards}'.
 */
final class ShardedDataSources {

    /** A user's rows, by {@code user_id}: {@link DatabaseShards#ofUser}. */
    static final List<String> BY_USER = List.of("accounts", "point_entries", "lottery_draws", "idempotency_records");

    /** A red packet's rows: the packet by {@code id}, its shares and grabs by {@code packet_id}. */
    static final Map<String, String> BY_PACKET =
            orderedMap("red_packets", "id", "packet_shares", "packet_id", "packet_grabs", "packet_id");

    /** The ledger, by the {@code account} each leg belongs to. */
    static final String LEDGER = "ledger_entries";

    /**
     * Small tables every shard holds whole, written to all of them at once: read far more than written, and joined
     * with sharded tables (a user's groups, a draw's wheel and prize), which then stays on one shard.
     */
    static final List<String> BROADCAST = List.of(
            "chat_groups",
            "group_members",
            "lottery_wheels",
            "lottery_prizes",
            "lottery_hours",
            "lottery_units",
            "redpacket_shard_layout");

    private static final String DATABASE_NAME = "hongbao";

    private ShardedDataSources() {}

    /**
     * @param shards the physical databases in their fixed order, already migrated (ShardingSphere reads the tables'
     *     metadata now)
     */
    static DataSource create(List<? extends DataSource> physical, DatabaseShards shards) throws SQLException {
        Map<String, DataSource> dataSources = new LinkedHashMap<>();
        for (int shard = 0; shard < physical.size(); shard++) {
            dataSources.put(ShardAlgorithm.dataSourceName(shard), physical.get(shard));
        }
        // Standalone: this process alone holds the configuration, built here at every start, so its repository needs
        // no persistence: an in-memory H2 database of its own (a shared one would hand a second DataSource in the same
        // JVM the first one's configuration), gone when the DataSource closes (ADR 0083).
        Properties repository = new Properties();
        repository.setProperty("provider", "H2");
        repository.setProperty(
                "jdbc_url",
                "jdbc:h2:mem:shardingsphere-" + UUID.randomUUID()
                        + ";DB_CLOSE_DELAY=0;DATABASE_TO_UPPER=false;MODE=MYSQL");
        ModeConfiguration mode =
                new ModeConfiguration("Standalone", new StandalonePersistRepositoryConfiguration("JDBC", repository));
        Properties props = new Properties();
        props.setProperty("sql-show", "false");
        return ShardingSphereDataSourceFactory.createDataSource(DATABASE_NAME, mode, dataSources, rules(shards), props);
    }

    static Collection<RuleConfiguration> rules(DatabaseShards shards) {
        ShardingRuleConfiguration sharding = new ShardingRuleConfiguration();
        for (String table : BY_USER) {
            sharding.getTables().add(table(table, "user_id", "by-user", shards));
        }
        BY_PACKET.forEach((table, column) -> sharding.getTables().add(table(table, column, "by-packet", shards)));
        sharding.getTables().add(table(LEDGER, "account", "by-ledger-account", shards));
        sharding.getShardingAlgorithms().put("by-user", algorithm(ShardAlgorithm.ByUserId.class, shards));
        sharding.getShardingAlgorithms().put("by-packet", algorithm(ShardAlgorithm.ByPacketId.class, shards));
        sharding.getShardingAlgorithms()
                .put("by-ledger-account", algorithm(ShardAlgorithm.ByLedgerAccount.class, shards));
        // Tables sharded alike: a join between them on their key stays on each shard instead of a cross product.
        sharding.getBindingTableGroups()
                .add(new ShardingTableReferenceRuleConfiguration("users", String.join(",", BY_USER)));
        sharding.getBindingTableGroups()
                .add(new ShardingTableReferenceRuleConfiguration("packets", String.join(",", BY_PACKET.keySet())));
        return List.of(sharding, new BroadcastRuleConfiguration(BROADCAST));
    }

    private static ShardingTableRuleConfiguration table(
            String table, String column, String algorithm, DatabaseShards shards) {
        String nodes = IntStream.range(0, shards.count())
                .mapToObj(shard -> ShardAlgorithm.dataSourceName(shard) + "." + table)
                .collect(Collectors.joining(","));
        ShardingTableRuleConfiguration rule = new ShardingTableRuleConfiguration(table, nodes);
        rule.setDatabaseShardingStrategy(new StandardShardingStrategyConfiguration(column, algorithm));
        return rule;
    }

    private static AlgorithmConfiguration algorithm(Class<? extends ShardAlgorithm<?>> type, DatabaseShards shards) {
        Properties props = ShardAlgorithm.props(shards);
        props.setProperty("strategy", "STANDARD");
        props.setProperty("algorithmClassName", type.getName());
        return new AlgorithmConfiguration("CLASS_BASED", props);
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /**
     * Every table ShardingSphere routes. The others the migrations create are reached on each physical database
     * directly, never through ShardingSphere: Flyway's history and {@code db_shard_layout}.
     */
    static List<String> routed() {
        List<String> all = new ArrayList<>(BY_USER);
        all.addAll(BY_PACKET.keySet());
        all.add(LEDGER);
        all.addAll(BROADCAST);
        return all;
    }
}
