package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.PlacedUnit;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.platform.redis.LuaScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** {@code scripts/lottery_publish.lua}: adds placed units to a wheel's pool unless they were won already. */
final class LotteryPublishScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("lottery_publish");

    private final StatefulRedisConnection<String, String> redis;

    LotteryPublishScript(StatefulRedisConnection<String, String> redis) {
        this.redis = redis;
    }

    /** How many units were added. */
    CompletionStage<Long> publish(WheelId wheel, List<PlacedUnit> units) {
        String[] keys = {LotteryKeys.pool(wheel), LotteryKeys.won(wheel)};
        String[] args = new String[units.size() * 2];
        for (int i = 0; i < units.size(); i++) {
            args[2 * i] = Long.toString(units.get(i).releaseAt().toEpochMilli());
            args[2 * i + 1] = units.get(i).unit().member();
        }
        return SCRIPT.run(redis.async(), ScriptOutputType.INTEGER, keys, args);
    }
}
