package io.hongbao.platform.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health component {@code db}: UP only when every database shard answers (docs/api.md: {@code /actuator/health}
 * is UP once Redis and the database answer, and with shards the database is all of them). Spring Boot's own indicator
 * would ask the ShardingSphere DataSource, which sends the check to whichever shard it picks, so one frozen shard of
 * four made the answer depend on the pick (DatabaseShardStallIT). Each shard's pool is asked directly instead, in
 * shard order; a frozen shard costs the call its pool's connection timeout, or the check's own timeout on a
 * connection already open.
 */
final class DatabaseShardsHealthIndicator implements HealthIndicator {

    /** Seconds a connection already taken from a pool gets to answer its ping. */
    private static final int CHECK_TIMEOUT_SECONDS = 2;

    private final List<? extends DataSource> shards;

    DatabaseShardsHealthIndicator(List<? extends DataSource> shards) {
        this.shards = List.copyOf(shards);
    }

    @Override
    public Health health() {
        for (int shard = 0; shard < shards.size(); shard++) {
            String failure = failureOf(shards.get(shard));
            if (failure != null) {
                return Health.down()
                        .withDetail("shard", shard)
                        .withDetail("error", failure)
                        .build();
            }
        }
        return Health.up().withDetail("shards", shards.size()).build();
    }

    /** Why the shard does not answer, or {@code null} when it does. */
    private static String failureOf(DataSource shard) {
        try (Connection connection = shard.getConnection()) {
            return connection.isValid(CHECK_TIMEOUT_SECONDS)
                    ? null
                    : "no answer within " + CHECK_TIMEOUT_SECONDS + " s";
        } catch (SQLException e) {
            return e.toString();
        }
    }
}
