package io.hongbao.lab.infrastructure.lua;

import io.hongbao.lab.model.LabOutcome;
import io.hongbao.platform.redis.LuaScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.List;

/** Adapter of {@code scripts/lab/lua-list-grab.lua}. */
final class LuaListGrabScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("lab/lua-list-grab");

    private final StatefulRedisConnection<String, String> connection;

    LuaListGrabScript(StatefulRedisConnection<String, String> connection) {
        this.connection = connection;
    }

    LabOutcome grab(String dedupe, String unconsumed, String consumed, long packetId, long userId) {
        List<Object> reply = SCRIPT.<List<Object>>run(
                        connection.async(),
                        ScriptOutputType.MULTI,
                        new String[] {dedupe, unconsumed, consumed},
                        Long.toString(packetId),
                        Long.toString(userId))
                .toCompletableFuture()
                .join();
        return ScriptOutcomes.of(reply);
    }
}
