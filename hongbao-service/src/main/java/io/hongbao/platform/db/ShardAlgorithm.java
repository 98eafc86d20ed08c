package io.hongbao.platform.db;

import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.RangeShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.StandardShardingAlgorithm;

/**
 * The ShardingSphere side of {@link DatabaseShards}: a row's data source {@code ds_<n>} is the shard DatabaseShards
 * names for its sharding column's value, so that ShardingSphere routes exactly as the rest of the service computes.
 * ShardingSphere creates these by class name (CLASS_BASED) from the properties {@code shards} and
 * {@code virtual-shards}. A range of keys says nothing about the shard (the keys are hashed or taken modulo): every
 * shard.
 */
abstract sealed class ShardAlgorithm<T extends Comparable<?>> implements StandardShardingAlgorithm<T>
        permits ShardAlgorithm.ByUserId, ShardAlgorithm.ByPacketId, ShardAlgorithm.ByLedgerAccount {

    static final String SHARDS = "shards";
    static final String VIRTUAL_SHARDS = "virtual-shards";

    private DatabaseShards shards;

    static String dataSourceName(int shard) {
        return "ds_" + shard;
    }

    static Properties props(DatabaseShards shards) {
        Properties props = new Properties();
        props.setProperty(SHARDS, Integer.toString(shards.count()));
        props.setProperty(VIRTUAL_SHARDS, Integer.toString(shards.virtualShards()));
        return props;
    }

    @Override
    public void init(Properties props) {
        shards = new DatabaseShards(
                Integer.parseInt(props.getProperty(SHARDS)), Integer.parseInt(props.getProperty(VIRTUAL_SHARDS)));
    }

    DatabaseShards shards() {
        return shards;
    }

    /** The shard of one value of the sharding column. */
    abstract int shardOf(Comparable<?> value);

    @Override
    public String doSharding(Collection<String> availableTargetNames, PreciseShardingValue<T> value) {
        String target = dataSourceName(shardOf(value.getValue()));
        if (!availableTargetNames.contains(target)) {
            throw new IllegalStateException(value.getLogicTableName() + "." + value.getColumnName() + " = "
                    + value.getValue() + " belongs on " + target + ", which is not among " + availableTargetNames);
        }
        return target;
    }

    @Override
    public Collection<String> doSharding(Collection<String> availableTargetNames, RangeShardingValue<T> value) {
        return List.copyOf(availableTargetNames);
    }

    @Override
    public String getType() {
        return "CLASS_BASED";
    }

    static long userId(Comparable<?> value) {
        if (value instanceof Number number) {
            return number.longValue();
        }
        return Long.parseLong(value.toString());
    }

    /** Rows of a user, by the user id column ({@link DatabaseShards#ofUser}). */
    public static final class ByUserId extends ShardAlgorithm<Comparable<?>> {
        @Override
        int shardOf(Comparable<?> value) {
            return shards().ofUser(userId(value));
        }
    }

    /** Rows of a red packet, by the packet id column ({@link DatabaseShards#ofPacket}). */
    public static final class ByPacketId extends ShardAlgorithm<Comparable<?>> {
        @Override
        int shardOf(Comparable<?> value) {
            return shards().ofPacket(value.toString());
        }
    }

    /**
     * Ledger legs, by their account: a user's accounts ({@code user:<id>}, {@code world:<id>}, the deposits' other
     * side, and {@code transit:user:<id>}) on the user's shard, a packet's ({@code escrow:<id>},
     * {@code transit:escrow:<id>}) on the packet's, so that each shard's legs sum to zero on their own. Any other
     * account has no shard: writing it fails rather than landing somewhere nobody looks.
     */
    public static final class ByLedgerAccount extends ShardAlgorithm<Comparable<?>> {
        @Override
        int shardOf(Comparable<?> value) {
            return shardOfAccount(shards(), value.toString());
        }

        private static final List<String> USER_ACCOUNTS = List.of("user:", "world:", "transit:user:");
        private static final List<String> PACKET_ACCOUNTS = List.of("escrow:", "transit:escrow:");

        static int shardOfAccount(DatabaseShards shards, String account) {
            for (String prefix : USER_ACCOUNTS) {
                if (account.startsWith(prefix)) {
                    return shards.ofUser(userIdOf(account, account.substring(prefix.length())));
                }
            }
            for (String prefix : PACKET_ACCOUNTS) {
                if (account.startsWith(prefix) && account.length() > prefix.length()) {
                    return shards.ofPacket(account.substring(prefix.length()));
                }
            }
            throw new IllegalArgumentException("ledger account " + account + " has no database shard: only user:<id>,"
                    + " world:<id>, transit:user:<id>, escrow:<packet> and transit:escrow:<packet> have one");
        }

        private static long userIdOf(String account, String id) {
            try {
                return Long.parseLong(id);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("ledger account " + account + " names no user id", e);
            }
        }
    }
}
