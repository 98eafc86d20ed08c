package io.hongbao.platform.redis.acks;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * The first calls on a node connection, which wait for the node's first replica count (ADR 0073), with INFO and WAIT
 * answered by hand: a connection lost between a call's reply and that count releases nothing.
 */
class ReplicatedAcknowledgementsTest {

    private final ReplicatedAcknowledgements acks = new ReplicatedAcknowledgements(
            new ReplicaAckSettings("auto", Duration.ofMillis(100), Duration.ofSeconds(1)), new SimpleMeterRegistry());
    private final Node node = new Node();

    @Test
    void aCallOnANewConnectionIsReleasedByAWaitOnceTheFirstCountSaysOneReplica() {
        CompletableFuture<Void> grab = acknowledged();
        assertThat(node.waits).as("no WAIT before the count").isEmpty();

        node.info.complete("# Replication\r\nrole:master\r\nconnected_slaves:1\r\n");
        assertThat(node.waits).hasSize(1);
        node.waits.get(0).complete(1L);

        assertThat(grab).isCompleted();
    }

    @Test
    void aConnectionLostBetweenTheReplyAndTheFirstCountReleasesNothing() {
        CompletableFuture<Void> grab = acknowledged();
        acks.connectionLost(node);

        // Lettuce re-sends INFO on the new connection; a WAIT there covers none of the old connection's writes.
        node.info.complete("# Replication\r\nrole:master\r\nconnected_slaves:1\r\n");
        node.waits.forEach(wait -> wait.complete(1L));

        assertThat(grab)
                .as("a grab answers 503 (retry-safe), a draw 202 PENDING: never confirmed by the new connection's WAIT")
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(ReplicaAckFailed.class);
    }

    @Test
    void writesSentBeforeALostConnectionAreNotConfirmedByAWaitAskedForAfterTheLoss() {
        node.info.complete("# Replication\r\nrole:master\r\nconnected_slaves:1\r\n");
        long sentIn = acks.connectionEpoch(node, node);
        // The reads' replies arrived; the connection is lost before the blocking reader asks for its WAIT.
        acks.connectionLost(node);

        CompletableFuture<Void> reads = acks.acknowledged(node, node, sentIn).toCompletableFuture();
        node.waits.forEach(wait -> wait.complete(1L));

        assertThat(reads)
                .as("a WAIT on the new connection covers none of the old one's writes")
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(ReplicaAckFailed.class);
    }

    @Test
    void writesSentInTheCurrentConnectionAreConfirmedByTheWaitAfterThem() {
        node.info.complete("# Replication\r\nrole:master\r\nconnected_slaves:1\r\n");
        long sentIn = acks.connectionEpoch(node, node);

        CompletableFuture<Void> reads = acks.acknowledged(node, node, sentIn).toCompletableFuture();
        assertThat(node.waits).hasSize(1);
        node.waits.get(0).complete(1L);

        assertThat(reads).isCompleted();
    }

    private CompletableFuture<Void> acknowledged() {
        return acks.acknowledged(node, node).toCompletableFuture();
    }

    /** One node connection: INFO held until the test answers it, every WAIT kept. */
    private static final class Node implements ReplicaNode {
        final CompletableFuture<String> info = new CompletableFuture<>();
        final List<CompletableFuture<Long>> waits = new ArrayList<>();

        @Override
        public CompletionStage<String> replicationInfo() {
            return info;
        }

        @Override
        public CompletionStage<Long> waitForReplicas(int replicas, long timeoutMillis) {
            CompletableFuture<Long> wait = new CompletableFuture<>();
            waits.add(wait);
            return wait;
        }
    }
}
