package io.hongbao.platform.db;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import javax.sql.DataSource;
import org.apache.shardingsphere.driver.api.ShardingSphereDataSourceFactory;
import org.apache.shardingsphere.infra.config.mode.ModeConfiguration;
import org.apache.shardingsphere.mode.repository.standalone.StandalonePersistRepositoryConfiguration;

/**
 * The one DataSource the service reaches its system of record through: ShardingSphere-JDBC over the physical shards
 * {@code ds_0..ds_<n-1>} (ADR 0083), with one database as the case n = 1. Which table lives where is what the features
 * declare ({@link ShardedTables}, {@link LedgerAccountKinds}), put together by {@link ShardingRules}.
 */
final class ShardedDataSources {

    private static final String DATABASE_NAME = "hongbao";

    private ShardedDataSources() {}

    /**
     * @param physical the physical databases in their fixed order, already migrated (ShardingSphere reads the tables'
     *     metadata now)
     * @param registration where the rules' algorithms find their placements ({@link ShardPlacements})
     */
    static DataSource create(List<? extends DataSource> physical, ShardingRules rules, String registration)
            throws SQLException {
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
        return ShardingSphereDataSourceFactory.createDataSource(
                DATABASE_NAME, mode, dataSources, rules.configurations(registration), props);
    }
}
