package io.hongbao.support;

import io.hongbao.platform.redis.RedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.time.Duration;

/**
 * A Redis that stops answering writes for a while, without losing anything: {@code CLIENT PAUSE ... WRITE} queues every
 * client's writes (scripts included) until the pause ends. A pause longer than the service's command timeout makes
 * the service see a store failure after its command may already have been sent.
 */
public final class RedisPause {

    private RedisPause() {}

    public static void writes(RedisConnection redis, Duration pause) {
        client(
                redis,
                new CommandArgs<>(StringCodec.UTF8)
                        .add("PAUSE")
                        .add(pause.toMillis())
                        .add("WRITE"));
    }

    public static void end(RedisConnection redis) {
        client(redis, new CommandArgs<>(StringCodec.UTF8).add("UNPAUSE"));
    }

    private static void client(RedisConnection redis, CommandArgs<String, String> args) {
        redis.sync().dispatch(CommandType.CLIENT, new StatusOutput<>(StringCodec.UTF8), args);
    }
}
