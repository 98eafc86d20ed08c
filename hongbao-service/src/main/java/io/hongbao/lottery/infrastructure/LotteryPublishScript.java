package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.PlacedUnit;
import io.hongbao.lottery.model.UnitRef;
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

    /** Marks {@code won} units won, then adds {@code units}; how many units were added. */
    CompletionStage<Long> publish(WheelId wheel, List<PlacedUnit> units, List<UnitRef> won) {
        String[] keys = {LotteryKeys.pool(wheel), LotteryKeys.won(wheel)};
        String[] args = new String[1 + won.size() + units.size() * 2];
        args[0] = Integer.toString(won.size());
        for (int i = 0; i < won.size(); i++) {
            args[1 + i] = won.get(i).member();
        }
        int pairs = 1 + won.size();
        for (int i = 0; i < units.size(); i++) {
            args[pairs + 2 * i] = Long.toString(units.get(i).releaseAt().toEpochMilli());
            args[pairs + 2 * i + 1] = units.get(i).unit().member();
        }
        return SCRIPT.run(redis.async(), ScriptOutputType.INTEGER, keys, args);
    }
}
