package io.hongbao.platform.redis;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** {@link RedisPrimaries} of a standalone Redis: the one primary, on the shared connection. */
record StandalonePrimaries(StatefulRedisConnection<String, String> shared) implements RedisPrimaries {

    @Override
    public CompletionStage<StatefulRedisConnection<String, String>> forKey(String key) {
        return CompletableFuture.completedFuture(shared);
    }

    @Override
    public <T> CompletionStage<Ran<T>> run(LuaScript script, ScriptOutputType type, String[] keys, String... args) {
        return script.<T>run(shared.async(), type, keys, args).thenApply(result -> new Ran<>(result, shared));
    }
}
