package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisLoadingException;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Which failures are a store being away (503 UNAVAILABLE) and which are a bug of ours (500). */
class ApiExceptionHandlerTest {

    @Test
    void redisSayingNotNowIsAStoreDown() {
        assertThat(ApiExceptionHandler.isStoreDown(
                        new CompletionException(new RedisLoadingException("LOADING Redis is loading the dataset"))))
                .isTrue();
        assertThat(ApiExceptionHandler.isStoreDown(new RedisCommandExecutionException(
                        "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.")))
                .isTrue();
        assertThat(ApiExceptionHandler.isStoreDown(
                        new RedisCommandExecutionException("READONLY You can't write against a read only replica.")))
                .isTrue();
    }

    @Test
    void redisRefusingAWriteForLackOfMemoryIsAStoreDownWhetherACommandOrAScriptMetIt() {
        assertThat(ApiExceptionHandler.isStoreDown(
                        new RedisCommandExecutionException("OOM command not allowed when used memory > 'maxmemory'.")))
                .isTrue();
        assertThat(ApiExceptionHandler.isStoreDown(new CompletionException(new RedisCommandExecutionException(
                        "ERR Error running script (call to f_9c1e): @user_script:31: -OOM command not allowed when"
                                + " used memory > 'maxmemory'."))))
                .isTrue();
    }

    @Test
    void aTimeoutOrAConnectionResetUnderACommandIsAStoreDown() {
        assertThat(ApiExceptionHandler.isStoreDown(new RedisCommandTimeoutException("EVALSHA timed out")))
                .isTrue();
        assertThat(ApiExceptionHandler.isStoreDown(new CompletionException(
                        new IOException("recvAddress(..) failed with error(-104): Connection reset by peer"))))
                .isTrue();
    }

    @Test
    void redisRefusingWhatWeSentIsABugOfOurs() {
        assertThat(ApiExceptionHandler.isStoreDown(new RedisCommandExecutionException(
                        "ERR Error running script (call to f_1): @user_script:12: bad argument")))
                .isFalse();
        assertThat(ApiExceptionHandler.isStoreDown(
                        new RedisCommandExecutionException("WRONGTYPE Operation against a key holding the wrong kind")))
                .isFalse();
    }
}
