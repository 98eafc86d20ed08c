package io.hongbao.platform.db;

import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.function.ToIntFunction;
import org.apache.shardingsphere.sharding.api.sharding.standard.PreciseShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.RangeShardingValue;
import org.apache.shardingsphere.sharding.api.sharding.standard.StandardShardingAlgorithm;

/**
 * The ShardingSphere side of a declared placement ({@link ShardKey}, {@link LedgerAccountKinds}): a row's data source
 * {@code ds_<n>} is the shard the placement names for its sharding column's value, so that ShardingSphere routes
 * exactly as the rest of the service computes. ShardingSphere creates these by class name (CLASS_BASED); the
 * properties name the placement, found in {@link ShardPlacements}. A range of keys says nothing about the shard (the
 * keys are hashed or taken modulo): every shard.
 */
public final class ShardAlgorithm implements StandardShardingAlgorithm<Comparable<?>> {

    static final String REGISTRATION = "placements";
    static final String PLACEMENT = "placement";

    private ToIntFunction<Comparable<?>> placement;

    static String dataSourceName(int shard) {
        return "ds_" + shard;
    }

    @Override
    public void init(Properties props) {
        placement = ShardPlacements.get(props.getProperty(REGISTRATION), props.getProperty(PLACEMENT));
    }

    @Override
    public String doSharding(Collection<String> availableTargetNames, PreciseShardingValue<Comparable<?>> value) {
        String target = dataSourceName(placement.applyAsInt(value.getValue()));
        if (!availableTargetNames.contains(target)) {
            throw new IllegalStateException(value.getLogicTableName() + "." + value.getColumnName() + " = "
                    + value.getValue() + " belongs on " + target + ", which is not among " + availableTargetNames);
        }
        return target;
    }

    @Override
    public Collection<String> doSharding(
            Collection<String> availableTargetNames, RangeShardingValue<Comparable<?>> value) {
        return List.copyOf(availableTargetNames);
    }

    @Override
    public String getType() {
        return "CLASS_BASED";
    }
}
