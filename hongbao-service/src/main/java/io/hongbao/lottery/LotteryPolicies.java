package io.hongbao.lottery;

import static io.hongbao.platform.db.ShardedTables.Table.broadcast;
import static io.hongbao.platform.db.ShardedTables.Table.byKey;

import io.hongbao.lottery.web.WheelPaths;
import io.hongbao.platform.db.ShardKey;
import io.hongbao.platform.db.ShardedTables;
import io.hongbao.platform.ratelimit.LimitedRoutes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the lottery tells the platform about its rows (ADR 0083): a user's draws with the user's other rows; the wheels,
 * prizes, hours and units on every database shard, so that a draw joins its wheel and prize on its own shard; and
 * that draws are limited per user (ADR 0063; the numbers are {@code hongbao.rate-limits.per-user.draw}).
 */
@Configuration(proxyBeanMethods = false)
class LotteryPolicies {

    @Bean
    ShardedTables lotteryTables() {
        return ShardedTables.of(
                byKey("lottery_draws", "user_id", ShardKey.USER, true),
                broadcast("lottery_wheels"),
                broadcast("lottery_prizes"),
                broadcast("lottery_hours"),
                broadcast("lottery_units"));
    }

    @Bean
    LimitedRoutes lotteryLimitedRoutes() {
        return LimitedRoutes.of(LimitedRoutes.Route.post(WheelPaths.DRAW, "draw"));
    }
}
