package io.hongbao.lab.infrastructure.lua;

import io.hongbao.lab.model.LabOutcome;
import io.hongbao.platform.redis.LuaScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.List;

/** Adapter of {@code scripts/lab/lua-live-split-grab.lua}. */
final class LuaLiveSplitGrabScript {

    /**
     * The draw stays below 2^31, where Lua's {@code %} on doubles is exact; the modulo bias is negligible for caps of
     * cents.
     */
    static final long DRAW_BOUND = 1L << 31;

    private static final LuaScript SCRIPT = LuaScript.fromResource("lab/lua-live-split-grab");

    private final StatefulRedisConnection<String, String> connection;

    LuaLiveSplitGrabScript(StatefulRedisConnection<String, String> connection) {
        this.connection = connection;
    }

    LabOutcome grab(String packet, String dedupe, String consumed, long packetId, long userId, long draw) {
        if (draw < 0 || draw >= DRAW_BOUND) {
            throw new IllegalArgumentException("the draw is in [0, 2^31): " + draw);
        }
        List<Object> reply = SCRIPT.<List<Object>>run(
                        connection.async(),
                        ScriptOutputType.MULTI,
                        new String[] {packet, dedupe, consumed},
                        Long.toString(packetId),
                        Long.toString(userId),
                        Long.toString(draw))
                .toCompletableFuture()
                .join();
        return ScriptOutcomes.of(reply);
    }
}
