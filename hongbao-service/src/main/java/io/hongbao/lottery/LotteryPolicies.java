package io.hongbao.lottery;

import static io.hongbao.platform.db.ShardedTables.Table.byKey;

import io.hongbao.lottery.web.WheelPaths;
import io.hongbao.platform.db.ShardKey;
import io.hongbao.platform.db.ShardedTables;
import io.hongbao.platform.ratelimit.LimitedRoutes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the lottery tells the platform about its rows (ADR 0083): a user's draws with the user's other rows; a wheel's
 * row, prizes, hours and units on one home shard, the one its id names, never copied to the others (ADR 0093), so that
 * no write of a wheel spans shards; and that draws are limited per user (ADR 0063; the numbers are
 * {@code hongbao.rate-limits.per-user.draw}).
 */
@Configuration(proxyBeanMethods = false)
class LotteryPolicies {

    /** A wheel id column: the wheel's home ({@link io.hongbao.platform.db.DatabaseShards#ofId}). */
    static final ShardKey WHEEL = new ShardKey("wheel", (value, shards) -> shards.ofId(value.toString()));

    @Bean
    ShardedTables lotteryTables() {
        return ShardedTables.of(
                byKey("lottery_draws", "user_id", ShardKey.USER, true),
                byKey("lottery_wheels", "id", WHEEL, true),
                byKey("lottery_prizes", "wheel_id", WHEEL, true),
                byKey("lottery_hours", "wheel_id", WHEEL, true),
                byKey("lottery_units", "wheel_id", WHEEL, true));
    }

    @Bean
    LimitedRoutes lotteryLimitedRoutes() {
        return LimitedRoutes.of(LimitedRoutes.Route.post(WheelPaths.DRAW, "draw"));
    }
}
