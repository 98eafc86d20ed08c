package io.hongbao.platform.db;

import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Where each physical database sits among the database shards (table {@code db_shard_layout}, ADR 0083), the way
 * {@code redpacket_shard_layout} keeps the Redis side's layout (ADR 0071). Rows were placed by the shard count and
 * each database's position in {@code hongbao.db.shards}: with either changed they would be looked for in the wrong
 * database. The first start records each database's position and the counts (several instances starting at once: the
 * first insert wins, the others compare with it); every start compares, on each database directly.
 */
final class DatabaseShardLayout {

    private DatabaseShardLayout() {}

    /** One database's record: its position, of how many, with how many virtual shards (kept, not compared). */
    record Recorded(int shardIndex, int shardCount, int virtualShards) {}

    /**
     * Records or checks every shard, in order.
     *
     * @param databases the physical databases, in the configured order
     * @param virtualShards the declared count, recorded beside the layout
     * @throws IllegalStateException naming the settings, when any database was recorded otherwise
     */
    static void recordOrCheck(List<DataSource> databases, DatabaseShards shards, VirtualShards virtualShards) {
        for (int index = 0; index < databases.size(); index++) {
            Recorded configured = new Recorded(index, shards.count(), virtualShards.count());
            Recorded recorded = recordOrRead(JdbcClient.create(databases.get(index)), configured);
            // The virtual shard count is recorded for the operator; redpacket_shard_layout checks it (ADR 0071),
            // naming its own settings.
            if (recorded.shardIndex() != configured.shardIndex() || recorded.shardCount() != configured.shardCount()) {
                throw new IllegalStateException(refusal(configured, recorded));
            }
        }
    }

    private static Recorded recordOrRead(JdbcClient jdbc, Recorded configured) {
        jdbc.sql(
                        "INSERT IGNORE INTO db_shard_layout (id, shard_index, shard_count, virtual_shards) VALUES (1, ?, ?, ?)")
                .params(configured.shardIndex(), configured.shardCount(), configured.virtualShards())
                .update();
        return jdbc.sql("SELECT shard_index, shard_count, virtual_shards FROM db_shard_layout WHERE id = 1")
                .query((rs, row) ->
                        new Recorded(rs.getInt("shard_index"), rs.getInt("shard_count"), rs.getInt("virtual_shards")))
                .single();
    }

    static String refusal(Recorded configured, Recorded recorded) {
        String where = configured.shardCount() == 1
                ? "the one database (hongbao.db.url, or the embedded one)"
                : "database shard " + configured.shardIndex() + " of " + configured.shardCount()
                        + " in hongbao.db.shards";
        return "Refusing to start: " + where + " was recorded as shard " + recorded.shardIndex() + " of "
                + recorded.shardCount() + " (table db_shard_layout), but is now configured as shard "
                + configured.shardIndex() + " of " + configured.shardCount() + ". Rows were placed by that layout"
                + " and would be looked for in the wrong database: list the databases in hongbao.db.shards"
                + " (HONGBAO_DB_SHARDS) in their recorded order, all " + recorded.shardCount() + " of them. ADR 0083"
                + " says why.";
    }
}
