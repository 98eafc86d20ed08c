package io.hongbao.platform.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.event.command.CommandFailedEvent;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandType;
import io.lettuce.core.protocol.RedisCommand;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TopologyRefreshOnTimeoutTest {

    private final AtomicLong clock = new AtomicLong(1_000);
    private final AtomicInteger refreshes = new AtomicInteger();
    private final TopologyRefreshOnTimeout listener =
            new TopologyRefreshOnTimeout(refreshes::incrementAndGet, Duration.ofSeconds(1), clock::get);

    @Test
    void aTimeoutRefreshesTheTopologyOncePerPeriodHoweverManyTimeOut() {
        for (int i = 0; i < 100; i++) {
            listener.commandFailed(failed(new RedisCommandTimeoutException("timed out")));
        }
        assertThat(refreshes).hasValue(1);

        clock.addAndGet(Duration.ofMillis(999).toNanos());
        listener.commandFailed(failed(new RedisCommandTimeoutException("timed out")));
        assertThat(refreshes).hasValue(1);

        clock.addAndGet(Duration.ofMillis(1).toNanos());
        listener.commandFailed(failed(new RedisCommandTimeoutException("timed out")));
        assertThat(refreshes).hasValue(2);
    }

    @Test
    void otherFailuresLeaveTheTopologyAlone() {
        listener.commandFailed(failed(new RedisCommandExecutionException("ERR wrong number of arguments")));
        assertThat(refreshes).hasValue(0);
    }

    @SuppressWarnings("unchecked")
    private static CommandFailedEvent failed(Throwable cause) {
        RedisCommand<?, ?, ?> command = new Command<>(CommandType.GET, null);
        return new CommandFailedEvent((RedisCommand<Object, Object, Object>) command, Map.of(), cause);
    }
}
