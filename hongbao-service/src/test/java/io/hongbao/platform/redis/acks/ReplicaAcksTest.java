package io.hongbao.platform.redis.acks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The group commit of replica acknowledgements, with a WAIT the test answers by hand: which calls a WAIT releases,
 * when the next one is sent, and what fails.
 */
class ReplicaAcksTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicInteger required = new AtomicInteger(1);
    private final Waits waits = new Waits();
    private final ReplicaAcks acks =
            new ReplicaAcks(waits, required::get, Duration.ofMillis(100), System::nanoTime, registry);

    @Test
    void theFirstCallSendsAWaitAtOnceForTheRequiredReplicasWithTheTimeout() {
        CompletableFuture<Void> first = ack();

        assertThat(waits.sent).hasSize(1);
        assertThat(waits.sent.get(0).replicas).isEqualTo(1);
        assertThat(waits.sent.get(0).timeoutMillis).isEqualTo(100);
        assertThat(first).isNotDone();

        waits.answer(0, 1);

        assertThat(first).isCompleted();
    }

    @Test
    void aCallThatCompletesWhileAWaitIsInFlightIsNotReleasedByItButByTheNextOne() {
        CompletableFuture<Void> before = ack();
        CompletableFuture<Void> during = ack();
        assertThat(waits.sent).as("one WAIT in flight at a time").hasSize(1);

        waits.answer(0, 1);

        assertThat(before).isCompleted();
        assertThat(during)
                .as("the WAIT in flight may have been sent before this call ran")
                .isNotDone();
        assertThat(waits.sent)
                .as("the next WAIT goes out as soon as the first returns")
                .hasSize(2);

        waits.answer(1, 1);

        assertThat(during).isCompleted();
        assertThat(waits.sent).as("nothing left to confirm").hasSize(2);
    }

    @Test
    void oneWaitReleasesEveryCallThatCompletedBeforeItWasSent() {
        ack();
        List<CompletableFuture<Void>> joined = List.of(ack(), ack(), ack());

        waits.answer(0, 1);
        assertThat(waits.sent).hasSize(2);
        waits.answer(1, 2);

        assertThat(joined).allSatisfy(call -> assertThat(call).isCompleted());
        assertThat(registry.get("hongbao.redis.replica.waits").counter().count())
                .isEqualTo(2);
        assertThat(registry.get("hongbao.redis.replica.acks").counter().count()).isEqualTo(4);
        assertThat(registry.get("hongbao.redis.replica.wait").timer().count()).isEqualTo(2);
    }

    @Test
    void aShortCountFailsEveryCallOfThatWaitAndOnlyThose() {
        ack();
        CompletableFuture<Void> a = ack();
        CompletableFuture<Void> b = ack();
        waits.answer(0, 1);
        CompletableFuture<Void> later = ack();

        waits.answer(1, 0);

        assertNotReplicated(a, "0 of 1 replica(s) confirmed within 100 ms");
        assertNotReplicated(b, "0 of 1 replica(s) confirmed within 100 ms");
        assertThat(later).as("joined the next WAIT, not the short one").isNotDone();
        waits.answer(2, 1);
        assertThat(later).isCompleted();
        assertThat(registry.get("hongbao.redis.replica.ack.failures").counter().count())
                .isEqualTo(2);
    }

    @Test
    void aWaitForTwoReplicasThatOneConfirmedFails() {
        required.set(2);
        CompletableFuture<Void> call = ack();

        waits.answer(0, 1);

        assertNotReplicated(call, "1 of 2 replica(s)");
    }

    @Test
    void aFailedWaitFailsItsCallsWithItsCauseAndTheNextWaitIsStillSent() {
        CompletableFuture<Void> first = ack();
        CompletableFuture<Void> second = ack();

        waits.fail(0, new IllegalStateException("Command timed out"));

        assertNotReplicated(first, "the WAIT for 1 replica(s) failed");
        assertThatThrownBy(first::join).hasRootCauseMessage("Command timed out");
        assertThat(second).isNotDone();
        waits.answer(1, 1);
        assertThat(second).isCompleted();
    }

    @Test
    void aWaitThatCannotEvenBeSentFailsItsCallsAndFreesTheGroupCommit() {
        waits.refuseNext = true;
        CompletableFuture<Void> refused = ack();
        assertNotReplicated(refused, "failed");

        CompletableFuture<Void> next = ack();
        assertThat(waits.sent).hasSize(1);
        waits.answer(0, 1);
        assertThat(next).isCompleted();
    }

    @Test
    void withNoReplicasRequiredACallIsReleasedAtOnceWithoutAWait() {
        required.set(0);

        assertThat(ack()).isCompleted();
        assertThat(waits.sent).isEmpty();
    }

    @Test
    void theRequiredCountIsReadWhenTheWaitIsSent() {
        ack();
        CompletableFuture<Void> joined = ack();
        required.set(0);

        waits.answer(0, 1);

        assertThat(joined)
                .as("no replica required any more when its WAIT was due")
                .isCompleted();
        assertThat(waits.sent).hasSize(1);
        assertThat(ack()).isCompleted();
    }

    @Test
    void aLostConnectionFailsTheWaitingCallsAndTheWaitInFlightReleasesNothing() {
        CompletableFuture<Void> inFlight = ack();
        CompletableFuture<Void> waiting = ack();

        acks.connectionLost();

        assertNotReplicated(waiting, "connection to Redis was lost");
        waits.answer(0, 1);
        assertNotReplicated(inFlight, "connection to Redis was lost");
        assertThat(waits.sent).as("nothing was left for another WAIT").hasSize(1);

        CompletableFuture<Void> afterReconnect = ack();
        waits.answer(1, 1);
        assertThat(afterReconnect).isCompleted();
    }

    @Test
    void aCallWhoseReplyArrivedBeforeALostConnectionFailsAtOnceWithoutAWait() {
        long repliedIn = acks.connectionEpoch();
        acks.connectionLost();

        CompletableFuture<Void> call = acks.acknowledged(repliedIn).toCompletableFuture();

        assertThat(call).isCompletedExceptionally();
        assertThatThrownBy(call::join).hasCauseInstanceOf(ReplicaAckFailed.class);
        assertThat(waits.sent)
                .as("a WAIT on the new connection would not cover it")
                .isEmpty();
        assertThat(registry.get("hongbao.redis.replica.ack.failures").counter().count())
                .isEqualTo(1);

        CompletableFuture<Void> next = acks.acknowledged(acks.connectionEpoch()).toCompletableFuture();
        waits.answer(0, 1);
        assertThat(next).as("a call made on the new connection").isCompleted();
    }

    private CompletableFuture<Void> ack() {
        return acks.acknowledged().toCompletableFuture();
    }

    private static void assertNotReplicated(CompletableFuture<Void> call, String message) {
        assertThat(call).isCompletedExceptionally();
        assertThatThrownBy(call::join)
                .isInstanceOf(CompletionException.class)
                .cause()
                .isInstanceOf(ReplicaAckFailed.class)
                .hasMessageContaining(message);
    }

    /** WAITs as sent, answered by the test. */
    private static final class Waits implements ReplicaAcks.WaitCommand {
        record Sent(int replicas, long timeoutMillis, CompletableFuture<Long> reply) {}

        final List<Sent> sent = new ArrayList<>();
        boolean refuseNext;

        @Override
        public CompletionStage<Long> send(int replicas, long timeoutMillis) {
            if (refuseNext) {
                refuseNext = false;
                throw new IllegalStateException("connection closed");
            }
            Sent wait = new Sent(replicas, timeoutMillis, new CompletableFuture<>());
            sent.add(wait);
            return wait.reply;
        }

        void answer(int index, long replicas) {
            sent.get(index).reply.complete(replicas);
        }

        void fail(int index, Throwable failure) {
            sent.get(index).reply.completeExceptionally(failure);
        }
    }
}
