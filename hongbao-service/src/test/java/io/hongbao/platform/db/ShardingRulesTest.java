package io.hongbao.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.collect.Range;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.apache.shardingsphere.broadcast.config.BroadcastRuleConfiguration;
import org.apache.shardingsphere.infra.config.rule.RuleConfiguration;
import org.apache.shardingsphere.infra.datanode.DataNodeInfo;
import org.apache.shardingsphere.sharding.api.config.ShardingRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.rule.ShardingTableRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.strategy.sharding.StandardShardingStrategyConfiguration;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.RangeShardingValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ClassPathBeanDefinitionScanner;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.type.filter.RegexPatternTypeFilter;

/**
 * The rules the platform builds from what the features declare (every {@code *Policies} configuration under
 * {@code io.hongbao}, found as the application finds them) against ADR 0083's placement table: the same tables, columns,
 * binding groups and broadcast list, and every row where the table says, through the algorithm ShardingSphere runs.
 */
class ShardingRulesTest {

    private static final DatabaseShards SHARDS = new DatabaseShards(4);
    /** The virtual shards declared for the test: the feature's own declaration needs its settings. */
    private static final int VIRTUAL_SHARDS = 16;

    private static final List<String> TARGETS = List.of("ds_0", "ds_1", "ds_2", "ds_3");
    private static final String PACKET = "8fJ2kQ9xLm3pZ7aB";

    /** ADR 0083's placement table. */
    private static final Map<String, String> BY_USER = Map.of(
            "accounts", "user_id",
            "point_entries", "user_id",
            "lottery_draws", "user_id",
            "idempotency_records", "shard_user_id");

    private static final Map<String, String> BY_PACKET =
            Map.of("red_packets", "id", "packet_shares", "packet_id", "packet_grabs", "packet_id");

    /** ADR 0088: a group on its home shard, by its id. */
    private static final Map<String, String> BY_GROUP = Map.of("chat_groups", "id", "group_members", "group_id");

    /** ADR 0103: a campaign, its rounds and the list of its pools on its home shard, by its id. */
    private static final Map<String, String> BY_CAMPAIGN =
            Map.of("campaigns", "id", "campaign_pools", "campaign_id", "campaign_rounds", "campaign_id");

    /** ADR 0093: a wheel's rows on its home shard, by its id. */
    private static final Map<String, String> BY_WHEEL = Map.of(
            "lottery_wheels",
            "id",
            "lottery_prizes",
            "wheel_id",
            "lottery_hours",
            "wheel_id",
            "lottery_units",
            "wheel_id");

    private static final Set<String> BROADCAST = Set.of("redpacket_shard_layout");

    private static AnnotationConfigApplicationContext declarations;
    private static ShardingRules rules;
    private static String registration;

    @BeforeAll
    static void collectWhatTheFeaturesDeclare() {
        declarations = new AnnotationConfigApplicationContext();
        ClassPathBeanDefinitionScanner scanner = new ClassPathBeanDefinitionScanner(declarations, false);
        scanner.addIncludeFilter(new RegexPatternTypeFilter(Pattern.compile("io\\.hongbao\\.\\w+(\\.\\w+)*Policies")));
        scanner.scan("io.hongbao");
        // Only the declarations are made; beans that need settings are left alone. The virtual shard count, which the
        // packet key hashes into, is declared here instead of from the feature's settings.
        declarations.registerBean(
                "testVirtualShards",
                VirtualShards.class,
                () -> new VirtualShards(VIRTUAL_SHARDS, "test.virtual-shards"),
                definition -> definition.setPrimary(true));
        declarations.addBeanFactoryPostProcessor(factory -> Arrays.stream(factory.getBeanDefinitionNames())
                .forEach(name -> factory.getBeanDefinition(name).setLazyInit(true)));
        declarations.refresh();
        rules = ShardingRules.of(
                declarations
                        .getBeanProvider(ShardedTables.class)
                        .orderedStream()
                        .toList(),
                declarations
                        .getBeanProvider(LedgerAccountKinds.class)
                        .orderedStream()
                        .toList(),
                SHARDS);
        registration = ShardPlacements.register(rules.placements());
    }

    @AfterAll
    static void close() {
        ShardPlacements.unregister(registration);
        declarations.close();
    }

    @Test
    void the_collected_rules_shard_and_bind_the_tables_of_adr_0083_and_broadcast_the_rest() {
        Collection<RuleConfiguration> configurations = rules.configurations(registration);
        ShardingRuleConfiguration sharding = only(configurations, ShardingRuleConfiguration.class);

        Map<String, String> columns = new TreeMap<>();
        Map<String, String> algorithms = new TreeMap<>();
        for (ShardingTableRuleConfiguration table : sharding.getTables()) {
            StandardShardingStrategyConfiguration strategy =
                    (StandardShardingStrategyConfiguration) table.getDatabaseShardingStrategy();
            columns.put(table.getLogicTable(), strategy.getShardingColumn());
            algorithms.put(table.getLogicTable(), strategy.getShardingAlgorithmName());
            assertThat(table.getActualDataNodes())
                    .isEqualTo(TARGETS.stream()
                            .map(ds -> ds + "." + table.getLogicTable())
                            .collect(Collectors.joining(",", "<LITERAL>", "")));
        }
        Map<String, String> expected = new TreeMap<>(BY_USER);
        expected.putAll(BY_PACKET);
        expected.putAll(BY_GROUP);
        expected.putAll(BY_WHEEL);
        expected.putAll(BY_CAMPAIGN);
        expected.put("ledger_entries", "account");
        // ADR 0096: an event's row is where its account's legs are.
        expected.put("outbox_events", "record_key");
        assertThat(columns).isEqualTo(expected);
        BY_USER.keySet().forEach(table -> assertThat(algorithms.get(table)).isEqualTo("by-user"));
        BY_PACKET.keySet().forEach(table -> assertThat(algorithms.get(table)).isEqualTo("by-packet"));
        BY_GROUP.keySet().forEach(table -> assertThat(algorithms.get(table)).isEqualTo("by-group"));
        BY_WHEEL.keySet().forEach(table -> assertThat(algorithms.get(table)).isEqualTo("by-wheel"));
        BY_CAMPAIGN.keySet().forEach(table -> assertThat(algorithms.get(table)).isEqualTo("by-campaign"));
        assertThat(algorithms.get("ledger_entries")).isEqualTo("by-ledger-account");
        assertThat(algorithms.get("outbox_events")).isEqualTo("by-ledger-account");
        assertThat(sharding.getShardingAlgorithms())
                .containsOnlyKeys("by-user", "by-packet", "by-group", "by-wheel", "by-campaign", "by-ledger-account");

        Set<Set<String>> groups = sharding.getBindingTableGroups().stream()
                .map(group -> Set.of(group.getReference().split(",")))
                .collect(Collectors.toSet());
        assertThat(groups)
                .isEqualTo(Set.of(
                        BY_USER.keySet(),
                        BY_PACKET.keySet(),
                        BY_GROUP.keySet(),
                        BY_WHEEL.keySet(),
                        BY_CAMPAIGN.keySet()));

        assertThat(new HashSet<>(
                        only(configurations, BroadcastRuleConfiguration.class).getTables()))
                .isEqualTo(BROADCAST);
    }

    @Test
    void a_users_rows_go_to_the_users_shard_through_the_algorithm_shardingsphere_runs() {
        for (String table : BY_USER.keySet()) {
            assertThat(precise(table, 7L)).as(table).isEqualTo("ds_3");
            assertThat(precise(table, 1_000_001)).as(table).isEqualTo("ds_1");
            assertThat(precise(table, "8")).as(table).isEqualTo("ds_0");
            assertThat(precise(table, -3L)).as(table).isEqualTo("ds_" + SHARDS.ofUser(-3));
        }
    }

    @Test
    void a_packets_rows_go_to_the_shard_of_its_virtual_shard() {
        for (String id : List.of(PACKET, "a", "Zz0-_")) {
            for (String table : BY_PACKET.keySet()) {
                assertThat(precise(table, id)).as(table).isEqualTo("ds_" + packetShard(id));
            }
        }
    }

    @Test
    void a_groups_a_wheels_or_a_campaigns_rows_go_to_the_home_its_id_names_crc32_modulo_the_shards() {
        for (String id : List.of(PACKET, "a", "Zz0-_")) {
            CRC32 crc = new CRC32();
            crc.update(id.getBytes(StandardCharsets.US_ASCII));
            for (String table : BY_GROUP.keySet()) {
                assertThat(precise(table, id)).as(table).isEqualTo("ds_" + crc.getValue() % SHARDS.count());
            }
            for (String table : BY_WHEEL.keySet()) {
                assertThat(precise(table, id)).as(table).isEqualTo("ds_" + crc.getValue() % SHARDS.count());
            }
            for (String table : BY_CAMPAIGN.keySet()) {
                assertThat(precise(table, id)).as(table).isEqualTo("ds_" + crc.getValue() % SHARDS.count());
            }
        }
    }

    @Test
    void ledger_legs_of_a_user_go_to_the_users_shard_and_legs_of_a_packet_to_the_packets() {
        assertThat(ledger("user:7")).isEqualTo(SHARDS.ofUser(7));
        assertThat(ledger("world:7")).isEqualTo(SHARDS.ofUser(7));
        assertThat(ledger("transit:user:7")).isEqualTo(SHARDS.ofUser(7));
        assertThat(ledger("user:6")).isEqualTo(SHARDS.ofUser(6));
        assertThat(ledger("escrow:" + PACKET)).isEqualTo(packetShard(PACKET));
        assertThat(ledger("transit:escrow:" + PACKET)).isEqualTo(packetShard(PACKET));
    }

    @Test
    void an_events_outbox_row_goes_where_its_accounts_ledger_legs_go() {
        for (String account : List.of("user:7", "user:6", "escrow:" + PACKET)) {
            assertThat(precise("outbox_events", account)).as(account).isEqualTo(precise("ledger_entries", account));
        }
    }

    /**
     * ADR 0083's packet placement, written out: the packet's virtual shard (CRC32 of its ASCII id modulo the virtual
     * shards), then that virtual shard's database shard (modulo the database shards).
     */
    private static int packetShard(String id) {
        CRC32 crc = new CRC32();
        crc.update(id.getBytes(StandardCharsets.US_ASCII));
        return (int) (crc.getValue() % VIRTUAL_SHARDS) % SHARDS.count();
    }

    @Test
    void a_ledger_account_of_no_declared_kind_has_no_shard_and_fails_loudly() {
        for (String account : List.of("world", "user:", "user:abc", "escrow:", "transit:world:7", "bank:1")) {
            assertThatThrownBy(() -> ledger(account))
                    .as(account)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(account);
        }
    }

    @Test
    void a_range_of_keys_may_be_on_every_shard() {
        assertThat(algorithm("by-user")
                        .doSharding(
                                TARGETS,
                                new RangeShardingValue<Comparable<?>>(
                                        "accounts", "user_id", node(), Range.closed(1L, 2L))))
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

        Set<String> placed = new TreeSet<>(rules.routed());
        placed.add("db_shard_layout");
        // The user ids given to a provider's subjects: on the first database only, read and written there directly
        // (SubjectTable, ADR 0097).
        placed.add("provider_subjects");

        assertThat(placed).isEqualTo(created);
    }

    @Test
    void declarations_that_disagree_refuse_to_start() {
        ShardedTables twice = ShardedTables.of(ShardedTables.Table.broadcast("t"), ShardedTables.Table.broadcast("t"));
        assertThatThrownBy(() -> ShardingRules.of(List.of(twice), List.of(), SHARDS))
                .hasMessageContaining("table t is declared twice");

        LedgerAccountKinds users = LedgerAccountKinds.of(ShardKey.USER, "user:");
        ShardedTables ledger = ShardedTables.of(ShardedTables.Table.byLedgerAccount("ledger", "account"));
        assertThatThrownBy(() -> ShardingRules.of(List.of(ledger), List.of(users, users), SHARDS))
                .hasMessageContaining("user: is declared twice");
        assertThatThrownBy(() -> ShardingRules.of(List.of(ledger), List.of(), SHARDS))
                .hasMessageContaining("no ledger account kinds");

        ShardKey other = new ShardKey("user", (value, shards) -> 0);
        ShardedTables clash = ShardedTables.of(
                ShardedTables.Table.byKey("a", "user_id", ShardKey.USER, true),
                ShardedTables.Table.byKey("b", "user_id", other, true));
        assertThatThrownBy(() -> ShardingRules.of(List.of(clash), List.of(), SHARDS))
                .hasMessageContaining("two shard keys are named user");
    }

    @Test
    void an_algorithm_without_its_registration_refuses_to_start() {
        Properties props = new Properties();
        props.setProperty(ShardAlgorithm.REGISTRATION, "gone");
        props.setProperty(ShardAlgorithm.PLACEMENT, "by-user");

        assertThatThrownBy(() -> new ShardAlgorithm().init(props)).hasMessageContaining("no placement by-user");
    }

    private static <T> T only(Collection<RuleConfiguration> configurations, Class<T> type) {
        return configurations.stream()
                .filter(type::isInstance)
                .map(type::cast)
                .findFirst()
                .orElseThrow();
    }

    private static String algorithmOf(String table) {
        ShardingRuleConfiguration sharding = only(rules.configurations(registration), ShardingRuleConfiguration.class);
        return sharding.getTables().stream()
                .filter(rule -> rule.getLogicTable().equals(table))
                .map(rule -> ((StandardShardingStrategyConfiguration) rule.getDatabaseShardingStrategy())
                        .getShardingAlgorithmName())
                .findFirst()
                .orElseThrow();
    }

    /** The algorithm as ShardingSphere makes it: by class name, from the rules' properties. */
    private static ShardAlgorithm algorithm(String name) {
        ShardingRuleConfiguration sharding = only(rules.configurations(registration), ShardingRuleConfiguration.class);
        Properties props = sharding.getShardingAlgorithms().get(name).getProps();
        assertThat(props.getProperty("algorithmClassName")).isEqualTo(ShardAlgorithm.class.getName());
        ShardAlgorithm algorithm = new ShardAlgorithm();
        algorithm.init(props);
        return algorithm;
    }

    private static String precise(String table, Comparable<?> value) {
        String column = table.equals("ledger_entries")
                ? "account"
                : table.equals("outbox_events") ? "record_key" : BY_USER.getOrDefault(table, BY_PACKET.get(table));
        return algorithm(algorithmOf(table))
                .doSharding(TARGETS, new PreciseShardingValue<>(table, column, node(), value));
    }

    private static int ledger(String account) {
        return Integer.parseInt(precise("ledger_entries", account).substring("ds_".length()));
    }

    private static DataNodeInfo node() {
        return new DataNodeInfo("ds_", 1, '0');
    }
}
