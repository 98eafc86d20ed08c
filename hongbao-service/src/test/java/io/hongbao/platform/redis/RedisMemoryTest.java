package io.hongbao.platform.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** How a sample of INFO memory decides "nearly full", and which failures are Redis refusing for lack of memory. */
class RedisMemoryTest {

    @Test
    void redisIsNearlyFullOnceWhatItCountsReachesTheThresholdShareOfMaxmemory() {
        RedisMemory.Sample below = RedisMemory.Sample.of(info(890, 1000, 0), 90);
        RedisMemory.Sample at = RedisMemory.Sample.of(info(900, 1000, 0), 90);

        assertThat(below.nearlyFull()).isFalse();
        assertThat(at.nearlyFull()).isTrue();
        assertThat(at.used()).isEqualTo(900);
        assertThat(at.max()).isEqualTo(1000);
    }

    @Test
    void buffersRedisDoesNotCountAgainstMaxmemoryDoNotCountHereEither() {
        RedisMemory.Sample sample = RedisMemory.Sample.of(info(950, 1000, 100), 90);

        assertThat(sample.used()).isEqualTo(850);
        assertThat(sample.nearlyFull()).isFalse();
    }

    @Test
    void aRedisWithoutMaxmemoryIsNeverNearlyFull() {
        assertThat(RedisMemory.Sample.of(info(Long.MAX_VALUE / 2, 0, 0), 90).nearlyFull())
                .isFalse();
    }

    @Test
    void anOomErrorIsARefusalForMemoryAndATimeoutIsNot() {
        RedisCommandExecutionException oom = new RedisCommandExecutionException(
                "ERR Error running script (call to f_1): @user_script:1: -OOM command not allowed when used memory >"
                        + " 'maxmemory'.");

        assertThat(RedisMemory.refusedForMemory(new CompletionException(oom))).isTrue();
        assertThat(RedisMemory.refusedForMemory(new RedisCommandTimeoutException("Command timed out")))
                .isFalse();
    }

    private static String info(long used, long max, long notCounted) {
        return "# Memory\r\nused_memory:" + used + "\r\nused_memory_human:1M\r\nmaxmemory:" + max
                + "\r\nmaxmemory_human:1M\r\nmem_not_counted_for_evict:" + notCounted + "\r\n";
    }
}
