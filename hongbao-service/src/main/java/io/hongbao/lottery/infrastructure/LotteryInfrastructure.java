package io.hongbao.lottery.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.lottery.application.DrawingInBatches;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.release.ReleaseSchedule;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.DirectDatabases;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.outbox.Outbox;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import java.time.Duration;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The adapters of the lottery, for its configuration to wire (they stay package-private). */
public final class LotteryInfrastructure {

    private LotteryInfrastructure() {}

    public static Wheels cachedJdbcWheels(JdbcClient jdbc, long maxCachedWheels) {
        return new CachedWheels(new JdbcWheels(jdbc), maxCachedWheels);
    }

    public static ReleaseSchedule jdbcReleaseSchedule(JdbcClient jdbc) {
        return new JdbcReleaseSchedule(jdbc);
    }

    /**
     * @param template for the JDBC batches of a batch of draws (ADR 0079)
     * @param wheels where a draw's prize and consolation names are read: a draw is on its drawer's shard, its wheel on
     *     the wheel's home
     * @param outbox where each step's event is written, in its transaction (ADR 0096)
     */
    public static Draws jdbcDraws(JdbcClient jdbc, JdbcTemplate template, Wheels wheels, Outbox outbox) {
        return new JdbcDraws(jdbc, template, wheels, outbox, List.of(jdbc));
    }

    /**
     * The draws of one database, written on its own pool beside the sharding layer (ADR 0101), for the batches of
     * the lane whose drawers are all on it; a prize unit's other draw is looked for on every database.
     */
    public static Draws directDraws(DirectDatabases databases, int database, Wheels wheels, Outbox outbox) {
        DirectDatabases.DirectDatabase own = databases.of(database);
        return new JdbcDraws(own.jdbc(), own.template(), wheels, outbox, databases.statements());
    }

    /**
     * One store per database for the draw lanes (ADR 0101), database 0 first: its {@link #directDraws} and the
     * transactions {@code transactions} gives for it (its own pool's, or a test's around them).
     */
    public static List<DrawingInBatches.LaneStore> directLaneStores(
            DirectDatabases databases, Wheels wheels, Outbox outbox, IntFunction<Transactions> transactions) {
        return IntStream.range(0, databases.count())
                .mapToObj(database -> new DrawingInBatches.LaneStore(
                        directDraws(databases, database, wheels, outbox), transactions.apply(database)))
                .toList();
    }

    public static AuditCheck wheelsAtHomeCheck(EachDatabase databases, DatabaseShards shards, AuditPaging paging) {
        return new WheelsAtHomeCheck(databases, shards, paging);
    }

    /**
     * The prize pools in Redis.
     *
     * @param onRedisTime false only with a simulated clock (tests that run a campaign years ahead in seconds): the
     *     draw then releases units by the time the caller passes
     */
    public static PrizePools redisPrizePools(
            RedisConnection redis,
            RedisPrimaries primaries,
            NotExecutedRetry retry,
            ReplicatedAcknowledgements acks,
            Duration rememberOutcomes,
            boolean onRedisTime) {
        return new RedisPrizePools(
                redis,
                new LotteryDrawScript(primaries, retry, acks, rememberOutcomes, onRedisTime),
                new LotteryPublishScript(redis));
    }
}
