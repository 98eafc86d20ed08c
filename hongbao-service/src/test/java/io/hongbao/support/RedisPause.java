package io.hongbao.support;

import io.hongbao.platform.redis.RedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/**
 * A Redis that stops answering writes for a while, without losing anything: {@code CLIENT PAUSE ... WRITE} queues every
 * client's writes (scripts included) until the pause ends. A pause longer than the service's command timeout makes
 * the service see a store failure after its command may already have been sent.
 */
public final class RedisPause {

    private RedisPause() {}

    /**
     * A pause holds every client of the Redis server, whatever its database: in external mode that server is the
     * machine's, which the other test JVMs use at the same moment (their draws time out and answer 202, their rate
     * limits fail open). So a test that pauses Redis runs in the embedded pass only, on a Redis of its JVM's own.
     */
    public static void assumeTheServerIsThisJvmsAlone() {
        Assumptions.assumeFalse(
                TestStorage.external(),
                "pausing Redis would hold the other test JVMs' calls too: the embedded run covers this test");
    }

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
