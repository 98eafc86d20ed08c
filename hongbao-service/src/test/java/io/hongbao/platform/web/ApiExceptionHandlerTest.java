package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisLoadingException;
import java.io.IOException;
import java.sql.SQLNonTransientConnectionException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.TransactionSystemException;

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
    void aCommitOrRollbackThatFailedOnADeadConnectionIsAStoreDownWithAnUnknownOutcome() {
        // What Spring throws when the connection died under the commit (DrawLanesIT kills it): the commit may have
        // reached the database, so the answer must not be a 500 that reads like a bug, but the retry-safe 503.
        assertThat(ApiExceptionHandler.isStoreDown(new CompletionException(new TransactionSystemException(
                        "JDBC rollback failed",
                        new SQLNonTransientConnectionException("(conn=42) Connection killed", "08000")))))
                .isTrue();
        assertThat(ApiExceptionHandler.isStoreDown(
                        new SQLNonTransientConnectionException("socket closed under the commit", "08S01")))
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
