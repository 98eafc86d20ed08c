package io.hongbao.lab.infrastructure.redis;

import io.hongbao.platform.redis.LuaScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;

/** Adapter of {@code scripts/lab/async-queue-requeue.lua}. */
final class RequeueScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("lab/async-queue-requeue");

    private final StatefulRedisConnection<String, String> connection;

    RequeueScript(StatefulRedisConnection<String, String> connection) {
        this.connection = connection;
    }

    /**
     * True when the item was still in the backup list and is back in the queue now. A live but slow writer may still
     * write the item as well: the database write is idempotent (primary key on packet and user).
     */
    boolean requeue(String backup, String queue, String item) {
        Long moved = SCRIPT.<Long>run(connection.async(), ScriptOutputType.INTEGER, new String[] {backup, queue}, item)
                .toCompletableFuture()
                .join();
        return moved == 1;
    }
}
