package io.hongbao.platform.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.cluster.PartitionSelectorException;
import io.lettuce.core.cluster.models.partitions.Partitions;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NotExecutedRetryTest {

    @Test
    void repliesRedisSendsBeforeRunningAScriptMeanNotExecuted() {
        for (String reply : List.of(
                "TRYAGAIN Multiple keys request during rehashing of slot",
                "CLUSTERDOWN The cluster is down",
                "CLUSTERDOWN Hash slot not served",
                "MOVED 3999 127.0.0.1:6381",
                "ASK 3999 127.0.0.1:6381")) {
            assertThat(NotExecutedRetry.notExecuted(new RedisCommandExecutionException(reply)))
                    .as(reply)
                    .isTrue();
        }
    }

    @Test
    void nothingSentMeansNotExecutedEvenWrappedInACompletion() {
        assertThat(NotExecutedRetry.notExecuted(
                        new CompletionException(new RedisException("Currently not connected. Commands are rejected."))))
                .isTrue();
        assertThat(NotExecutedRetry.notExecuted(new RedisConnectionException("Unable to connect to 127.0.0.1:7001")))
                .isTrue();
        assertThat(NotExecutedRetry.notExecuted(new PartitionSelectorException("no slot 12", new Partitions())))
                .isTrue();
    }

    @Test
    void failuresAfterWhichTheScriptMayHaveRunAreNotRetryable() {
        assertThat(NotExecutedRetry.notExecuted(new RedisCommandTimeoutException("Command timed out after 5 s")))
                .isFalse();
        assertThat(NotExecutedRetry.notExecuted(new IOException("Connection reset by peer")))
                .isFalse();
        assertThat(NotExecutedRetry.notExecuted(new RedisException("Connection closed")))
                .isFalse();
        assertThat(NotExecutedRetry.notExecuted(
                        new RedisCommandExecutionException("ERR user_script:12: Script attempted to access ...")))
                .isFalse();
        assertThat(NotExecutedRetry.notExecuted(
                        new RedisCommandExecutionException("OOM command not allowed when used memory > 'maxmemory'")))
                .isFalse();
        // A script's own error text that merely mentions a redirect is not a redirect.
        assertThat(NotExecutedRetry.notExecuted(
                        new RedisCommandExecutionException("ERR Error running script: MOVED 1 127.0.0.1:1")))
                .isFalse();
    }

    @Test
    void thePausesDoubleFromTheFirstAndSumToTheBudget() {
        List<Duration> pauses = NotExecutedRetry.pauses(Duration.ofMillis(2_000), Duration.ofMillis(20));

        assertThat(pauses)
                .containsExactly(
                        Duration.ofMillis(20),
                        Duration.ofMillis(40),
                        Duration.ofMillis(80),
                        Duration.ofMillis(160),
                        Duration.ofMillis(320),
                        Duration.ofMillis(640),
                        Duration.ofMillis(740));
        assertThat(pauses.stream().reduce(Duration.ZERO, Duration::plus)).isEqualTo(Duration.ofMillis(2_000));
    }

    @Test
    void aCallRefusedBeforeItRanIsRepeatedUntilItSucceeds() {
        AtomicInteger attempts = new AtomicInteger();
        NotExecutedRetry retry = new NotExecutedRetry(Duration.ofMillis(500), Duration.ofMillis(5));

        String answer = retry.call(() -> attempts.incrementAndGet() < 3
                        ? CompletableFuture.<String>failedFuture(new RedisCommandExecutionException("TRYAGAIN x"))
                        : CompletableFuture.completedFuture("GRABBED"))
                .toCompletableFuture()
                .join();

        assertThat(answer).isEqualTo("GRABBED");
        assertThat(attempts).hasValue(3);
    }

    @Test
    void onceTheBudgetIsSpentTheAnswerIs503NothingChanged() {
        AtomicInteger attempts = new AtomicInteger();
        NotExecutedRetry retry = new NotExecutedRetry(Duration.ofMillis(100), Duration.ofMillis(10));
        long started = System.nanoTime();

        assertThatThrownBy(() -> retry.call(() -> {
                            attempts.incrementAndGet();
                            return CompletableFuture.failedFuture(new RedisCommandExecutionException("CLUSTERDOWN"));
                        })
                        .toCompletableFuture()
                        .join())
                .hasCauseInstanceOf(ApiException.class)
                .cause()
                .satisfies(e -> assertThat(((ApiException) e).code()).isEqualTo(ErrorCode.UNAVAILABLE))
                .hasMessageContaining("nothing was changed");
        assertThat(attempts).hasValue(1 + retry.retries());
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
    }

    @Test
    void aFailureWithAnUnknownOutcomeIsPassedOnAtOnce() {
        AtomicInteger attempts = new AtomicInteger();
        NotExecutedRetry retry = new NotExecutedRetry(Duration.ofMillis(500), Duration.ofMillis(5));
        RedisCommandTimeoutException timeout = new RedisCommandTimeoutException("Command timed out");

        assertThatThrownBy(() -> retry.call(() -> {
                            attempts.incrementAndGet();
                            return CompletableFuture.failedFuture(timeout);
                        })
                        .toCompletableFuture()
                        .join())
                .hasCause(timeout);
        assertThat(attempts).hasValue(1);
    }

    @Test
    void redirectRepliesAreParsedIntoTheirTarget() {
        assertThat(ClusterPrimaries.Redirect.of(new RedisCommandExecutionException("MOVED 3999 10.0.0.2:6381")))
                .isEqualTo(new ClusterPrimaries.Redirect(false, "10.0.0.2", 6381));
        assertThat(ClusterPrimaries.Redirect.of(
                        new CompletionException(new RedisCommandExecutionException("ASK 12 127.0.0.1:7002"))))
                .isEqualTo(new ClusterPrimaries.Redirect(true, "127.0.0.1", 7002));
        assertThat(ClusterPrimaries.Redirect.of(new RedisCommandExecutionException("TRYAGAIN")))
                .isNull();
    }
}
