package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.Draws;
import io.hongbao.lottery.model.PrizePools;
import io.hongbao.lottery.model.ReleaseSchedule;
import io.hongbao.lottery.model.Wheels;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
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

    public static Draws jdbcDraws(JdbcClient jdbc) {
        return new JdbcDraws(jdbc);
    }

    /** The prize pools on Redis' own clock: what releases a unit is Redis' time, whatever the caller's clock says. */
    public static PrizePools redisPrizePools(StatefulRedisConnection<String, String> redis, Duration rememberOutcomes) {
        return redisPrizePools(redis, rememberOutcomes, true);
    }

    /**
     * @param onRedisTime false only with a simulated clock (tests that run a campaign years ahead in seconds): the
     *     draw then releases units by the time the caller passes
     */
    public static PrizePools redisPrizePools(
            StatefulRedisConnection<String, String> redis, Duration rememberOutcomes, boolean onRedisTime) {
        return new RedisPrizePools(
                redis, new LotteryDrawScript(redis, rememberOutcomes, onRedisTime), new LotteryPublishScript(redis));
    }
}
