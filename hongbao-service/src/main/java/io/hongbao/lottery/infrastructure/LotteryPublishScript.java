package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.PlacedUnit;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.platform.redis.RedisConnection;
import io.lettuce.core.ScriptOutputType;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** {@code scripts/lottery_publish.lua}: adds placed units to a wheel's pool unless they were won already. */
final class LotteryPublishScript {

    /** How the script treats the pool's "loaded" mark (see the script's header). */
    enum Mode {
        ADD,
        FILL,
        LOAD
    }

    private static final LuaScript SCRIPT = LuaScript.fromResource("lottery_publish");

    private final RedisConnection redis;

    LotteryPublishScript(RedisConnection redis) {
        this.redis = redis;
    }

    /** Marks {@code won} units won, then adds {@code units}; how many were added, -1 for ADD to an unloaded pool. */
    CompletionStage<Long> publish(WheelId wheel, Mode mode, List<PlacedUnit> units, List<UnitRef> won) {
        String[] keys = {LotteryKeys.pool(wheel), LotteryKeys.won(wheel), LotteryKeys.loaded(wheel)};
        String[] args = new String[2 + won.size() + units.size() * 2];
        args[0] = mode.name().toLowerCase(java.util.Locale.ROOT);
        args[1] = Integer.toString(won.size());
        for (int i = 0; i < won.size(); i++) {
            args[2 + i] = won.get(i).member();
        }
        int pairs = 2 + won.size();
        for (int i = 0; i < units.size(); i++) {
            args[pairs + 2 * i] = Long.toString(units.get(i).releaseAt().toEpochMilli());
            args[pairs + 2 * i + 1] = units.get(i).unit().member();
        }
        return SCRIPT.run(redis.async(), ScriptOutputType.INTEGER, keys, args);
    }
}
