package io.hongbao.platform.db;

import com.zaxxer.hikari.HikariDataSource;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The ShardingSphere DataSource, closed together with the pools it runs on (closing a pool twice is harmless), so
 * that none outlives the context whatever ShardingSphere closes itself.
 */
public final class ShardedDataSource extends DelegatingDataSource implements AutoCloseable {

    private final List<HikariDataSource> pools;
    private final String registration;

    /** @param registration its algorithms' placements ({@link ShardPlacements}), dropped when it closes */
    ShardedDataSource(DataSource shardingSphere, List<HikariDataSource> pools, String registration) {
        super(shardingSphere);
        this.pools = List.copyOf(pools);
        this.registration = registration;
    }

    /** The shards' pools, shard 0 first. */
    public List<HikariDataSource> pools() {
        return pools;
    }

    @Override
    public void close() throws Exception {
        try {
            if (getTargetDataSource() instanceof AutoCloseable shardingSphere) {
                shardingSphere.close();
            }
        } finally {
            pools.forEach(HikariDataSource::close);
            ShardPlacements.unregister(registration);
        }
    }
}
