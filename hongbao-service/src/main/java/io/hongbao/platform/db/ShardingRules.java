package io.hongbao.platform.db;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.shardingsphere.broadcast.config.BroadcastRuleConfiguration;
import org.apache.shardingsphere.infra.algorithm.core.config.AlgorithmConfiguration;
import org.apache.shardingsphere.infra.config.rule.RuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.ShardingRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.rule.ShardingTableReferenceRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.rule.ShardingTableRuleConfiguration;
import org.apache.shardingsphere.sharding.api.config.strategy.sharding.StandardShardingStrategyConfiguration;

/**
 * What the features declared ({@link ShardedTables}, {@link LedgerAccountKinds}), checked and put together for one
 * layout of database shards: ShardingSphere's rules, and the placement behind each of its algorithms. The platform
 * names no table and no account here; the features do (ADR 0083's placement table).
 */
final class ShardingRules {

    /** The algorithm of the ledger account columns: each account's kind decides. */
    static final String BY_LEDGER_ACCOUNT = "by-ledger-account";

    private final List<ShardedTables.Table> tables;
    private final Map<String, ToIntFunction<Comparable<?>>> placements = new LinkedHashMap<>();
    private final DatabaseShards shards;

    private ShardingRules(List<ShardedTables.Table> tables, DatabaseShards shards) {
        this.tables = List.copyOf(tables);
        this.shards = shards;
    }

    /**
     * @throws IllegalArgumentException when the declarations disagree: a table declared twice, two keys of one name,
     *     two kinds of one ledger prefix, a ledger table with no kinds declared
     */
    static ShardingRules of(List<ShardedTables> declared, List<LedgerAccountKinds> kinds, DatabaseShards shards) {
        Map<String, ShardedTables.Table> byName = new LinkedHashMap<>();
        for (ShardedTables.Table table :
                declared.stream().flatMap(d -> d.tables().stream()).toList()) {
            if (byName.putIfAbsent(table.name(), table) != null) {
                throw new IllegalArgumentException(
                        "table " + table.name() + " is declared twice: " + byName.get(table.name()) + " and " + table);
            }
        }
        ShardingRules rules = new ShardingRules(List.copyOf(byName.values()), shards);
        Map<String, ShardKey> keys = new LinkedHashMap<>();
        for (ShardedTables.Table table : rules.tables) {
            if (table instanceof ShardedTables.ByKey byKey) {
                ShardKey known = keys.putIfAbsent(byKey.key().name(), byKey.key());
                if (known != null && !known.equals(byKey.key())) {
                    throw new IllegalArgumentException("two shard keys are named " + known.name());
                }
            }
        }
        keys.values()
                .forEach(key -> rules.placements.put(
                        algorithm(key), value -> key.placement().shardOf(value, shards)));
        if (rules.tables.stream().anyMatch(ShardedTables.ByLedgerAccount.class::isInstance)) {
            LedgerPlacement ledger = new LedgerPlacement(kinds);
            rules.placements.put(BY_LEDGER_ACCOUNT, value -> ledger.shardOf(value.toString(), shards));
        }
        return rules;
    }

    static String algorithm(ShardKey key) {
        return "by-" + key.name();
    }

    /** Every table ShardingSphere routes, as declared. */
    List<String> routed() {
        return tables.stream().map(ShardedTables.Table::name).toList();
    }

    List<ShardedTables.Table> tables() {
        return tables;
    }

    /** The placement behind each algorithm the rules name: what {@link ShardAlgorithm} asks. */
    Map<String, ToIntFunction<Comparable<?>>> placements() {
        return Map.copyOf(placements);
    }

    /**
     * ShardingSphere's rules; the algorithms are {@link ShardAlgorithm}s that find their placement under
     * {@code registration} ({@link ShardPlacements}).
     */
    Collection<RuleConfiguration> configurations(String registration) {
        ShardingRuleConfiguration sharding = new ShardingRuleConfiguration();
        Map<String, List<String>> bindingGroups = new LinkedHashMap<>();
        List<String> broadcast = new ArrayList<>();
        for (ShardedTables.Table table : tables) {
            if (table instanceof ShardedTables.ByKey byKey) {
                sharding.getTables().add(table(byKey.name(), byKey.column(), algorithm(byKey.key())));
                if (byKey.bound()) {
                    bindingGroups
                            .computeIfAbsent(byKey.key().name(), group -> new ArrayList<>())
                            .add(byKey.name());
                }
            } else if (table instanceof ShardedTables.ByLedgerAccount ledger) {
                sharding.getTables().add(table(ledger.name(), ledger.column(), BY_LEDGER_ACCOUNT));
            } else {
                broadcast.add(table.name());
            }
        }
        placements.keySet().forEach(name -> sharding.getShardingAlgorithms().put(name, algorithm(name, registration)));
        // Tables sharded alike: a join between them on their key stays on each shard instead of a cross product.
        bindingGroups.forEach((group, members) -> sharding.getBindingTableGroups()
                .add(new ShardingTableReferenceRuleConfiguration(group, String.join(",", members))));
        return List.of(sharding, new BroadcastRuleConfiguration(broadcast));
    }

    private ShardingTableRuleConfiguration table(String table, String column, String algorithm) {
        // <LITERAL>: the nodes are listed, not an inline expression, so ShardingSphere splits them at the commas
        // instead of compiling each with Groovy (over a second of every start, ADR 0095).
        String nodes = IntStream.range(0, shards.count())
                .mapToObj(shard -> ShardAlgorithm.dataSourceName(shard) + "." + table)
                .collect(Collectors.joining(",", "<LITERAL>", ""));
        ShardingTableRuleConfiguration rule = new ShardingTableRuleConfiguration(table, nodes);
        rule.setDatabaseShardingStrategy(new StandardShardingStrategyConfiguration(column, algorithm));
        return rule;
    }

    private static AlgorithmConfiguration algorithm(String name, String registration) {
        Properties props = new Properties();
        props.setProperty("strategy", "STANDARD");
        props.setProperty("algorithmClassName", ShardAlgorithm.class.getName());
        props.setProperty(ShardAlgorithm.REGISTRATION, registration);
        props.setProperty(ShardAlgorithm.PLACEMENT, name);
        return new AlgorithmConfiguration("CLASS_BASED", props);
    }

    /** Ledger accounts by their declared kinds, the longest matching prefix first. */
    static final class LedgerPlacement {

        private final List<LedgerAccountKinds.Kind> kinds;

        LedgerPlacement(List<LedgerAccountKinds> declared) {
            Map<String, LedgerAccountKinds.Kind> byPrefix = new LinkedHashMap<>();
            for (LedgerAccountKinds.Kind kind :
                    declared.stream().flatMap(d -> d.kinds().stream()).toList()) {
                if (byPrefix.putIfAbsent(kind.prefix(), kind) != null) {
                    throw new IllegalArgumentException("ledger account prefix " + kind.prefix() + " is declared twice");
                }
            }
            if (byPrefix.isEmpty()) {
                throw new IllegalArgumentException("a ledger table is declared, but no ledger account kinds");
            }
            this.kinds = byPrefix.values().stream()
                    .sorted(Comparator.comparingInt((LedgerAccountKinds.Kind kind) ->
                                    kind.prefix().length())
                            .reversed())
                    .toList();
        }

        int shardOf(String account, DatabaseShards shards) {
            for (LedgerAccountKinds.Kind kind : kinds) {
                if (account.startsWith(kind.prefix())) {
                    String rest = account.substring(kind.prefix().length());
                    if (rest.isEmpty()) {
                        break;
                    }
                    try {
                        return kind.key().placement().shardOf(rest, shards);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(
                                "ledger account " + account + " names no "
                                        + kind.key().name(),
                                e);
                    }
                }
            }
            throw new IllegalArgumentException("ledger account " + account + " has no database shard: only the"
                    + " declared kinds have one, "
                    + kinds.stream()
                            .map(kind -> kind.prefix() + "<" + kind.key().name() + ">")
                            .sorted()
                            .collect(Collectors.joining(", ")));
        }
    }
}
