package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.acks.ReplicaAckFailed;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The persister writes to the database only stream entries the replicas have (ADR 0102). A primary can hand an entry
 * to the persister that no replica has yet: a grab answered 503 because its WAIT failed, or one a primary ran in the
 * moment it came back from a freeze, before it learned that its replica had been promoted. Written to the database,
 * such a grant outlives the failover that loses it in Redis, the new primary grants its share again, and that second,
 * acknowledged grant can then never be recorded (the share is taken in the database): an acknowledged grab lost.
 *
 * <p>So a worker's round confirms its reads before it writes them: a {@code WAIT} on each node connection it read from,
 * sent after the reads on that very connection, covers them, as it covers everything the connection wrote before it
 * (reading from a consumer group is a write: it moves the entries into the pending list, and those entries were added
 * to the stream before). The WAIT is the grab path's group commit ({@link ReplicatedAcknowledgements}), asking for as
 * many replicas as a grab on the node does, so on a Redis without replicas it costs nothing. An unconfirmed round
 * writes nothing: its entries stay pending, and the safety pass's reclaim takes them again and asks again.
 *
 * <p>A worker reads on a thread of its own and asks for the WAIT after the read returned, not from the reply's
 * completion: so it notes the node connection and its {@linkplain ReplicatedAcknowledgements#connectionEpoch epoch}
 * before each read, and a connection lost since fails the round rather than letting a WAIT on the new connection
 * confirm the old one's reads.
 */
final class ReplicatedReads {

    /** Far beyond the WAIT's own timeout: only a connection that never answers waits this long. */
    private static final long CONFIRM_TIMEOUT_SECONDS = 10;

    private final RedisConnection connection;
    private final ReplicatedAcknowledgements acks;

    /**
     * @param connection the worker's own connection, which its reads go through
     * @param acks the replica acknowledgements of every node connection of the service
     */
    ReplicatedReads(RedisConnection connection, ReplicatedAcknowledgements acks) {
        this.connection = connection;
        this.acks = acks;
    }

    /** The reads of one round, to be confirmed before the round writes. */
    Round round() {
        return new Round();
    }

    final class Round {

        /** The node connections read from, each with its epoch before the round's first read on it. */
        private final Map<StatefulRedisConnection<String, String>, Long> nodes = new LinkedHashMap<>();

        /** Call before reading {@code streamKey}: notes the node connection the read goes through, as it is now. */
        void beforeReading(String streamKey) {
            StatefulRedisConnection<String, String> node = connection.writesTo(streamKey);
            // The first epoch counts: a connection lost after any read of the round fails the whole round.
            nodes.computeIfAbsent(node, acks::connectionEpoch);
        }

        /**
         * Blocks until a WAIT on every node connection read from confirmed the reads.
         *
         * @throws ReplicaAckFailed when one did not: the round must write nothing
         */
        void confirm() {
            List<CompletableFuture<Void>> confirmations = new ArrayList<>(nodes.size());
            nodes.forEach((node, epoch) ->
                    confirmations.add(acks.acknowledged(node, epoch).toCompletableFuture()));
            try {
                CompletableFuture.allOf(confirmations.toArray(CompletableFuture[]::new))
                        .get(CONFIRM_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ReplicaAckFailed("interrupted while the replicas confirmed the persister's reads", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof ReplicaAckFailed failed
                        ? failed
                        : new ReplicaAckFailed("the WAIT for the persister's reads failed", e.getCause());
            } catch (TimeoutException e) {
                throw new ReplicaAckFailed(
                        "no replica confirmed the persister's reads within " + CONFIRM_TIMEOUT_SECONDS + " s", e);
            }
        }
    }
}
