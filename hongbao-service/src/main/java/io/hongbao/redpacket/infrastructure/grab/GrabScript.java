package io.hongbao.redpacket.infrastructure.grab;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisMemory;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicaAckFailed;
import io.hongbao.platform.redis.acks.ReplicaAcks;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * {@code grab_packets.lua}: a batch of grabs on one shard in one script call and one round trip on the pipelined
 * connection of the shard's primary. Nothing here blocks: the reply is parsed on Lettuce's I/O thread and handed on. A
 * call Redis refused for lack of memory fails with {@link GrabRefusal#MEMORY}: the script changed nothing then.
 *
 * <p>The script runs through {@link RedisPrimaries}, which names the node connection it ran on: a {@code WAIT} for the
 * replicas must follow on that very connection (ADR 0070). A call Redis did not execute (a failover or a resharding on
 * a cluster, or not connected) is retried by {@link NotExecutedRetry}, then refused 503 nothing changed; safe because
 * a repeated grab answers {@code ALREADY_GRABBED} with the same amount, though only unexecuted calls are repeated.
 *
 * <p>On a primary with replicas the outcomes are handed on only once a WAIT on that node connection confirmed the call
 * ({@link ReplicaAcks}); a call it did not confirm fails with {@link ReplicaAckFailed}: it ran on the primary, its
 * outcome is not final yet (ADR 0073).
 */
public final class GrabScript implements ShardBatchGrabs {

    private static final LuaScript SCRIPT = LuaScript.fromResource("grab_packets");
    private static final int KEYS_PER_REQUEST = 4;
    private static final int REPLIES_PER_REQUEST = 3;

    private final RedisPrimaries primaries;
    private final NotExecutedRetry retry;
    private final PacketKeys keys;
    /** The group commits of the node connections; null: answer without waiting for replicas. */
    private final ReplicatedAcknowledgements acks;

    /**
     * @param acks the replica acknowledgements: a call is answered only once they confirm it on the node connection
     *     it ran on (ADR 0073), else it fails with {@link ReplicaAckFailed}
     */
    public GrabScript(
            RedisPrimaries primaries, NotExecutedRetry retry, PacketKeys keys, ReplicatedAcknowledgements acks) {
        this.primaries = primaries;
        this.retry = retry;
        this.keys = keys;
        this.acks = acks;
    }

    /** Answers as soon as the primary decided, whatever the replicas: for benches and tests of the script alone. */
    public GrabScript(RedisPrimaries primaries, NotExecutedRetry retry, PacketKeys keys) {
        this(primaries, retry, keys, null);
    }

    /** One attempt of one user on one packet. */
    public record Request(PacketId id, UserId user) {}

    /**
     * Decides every request, in order, atomically as one script call.
     *
     * @param shard the shard all requests' packets live in (the script touches one hash tag only)
     * @return one outcome per request, in the same order
     */
    @Override
    public CompletionStage<List<GrabOutcome>> grab(int shard, List<Request> requests) {
        String[] scriptKeys = new String[1 + KEYS_PER_REQUEST * requests.size()];
        String[] args = new String[2 * requests.size()];
        scriptKeys[0] = keys.stream(shard);
        for (int i = 0; i < requests.size(); i++) {
            Request request = requests.get(i);
            if (keys.shardOf(request.id()) != shard) {
                throw new IllegalArgumentException("packet " + request.id().value() + " is not in shard " + shard);
            }
            keys.copyPacketKeys(shard, request.id(), scriptKeys, 1 + KEYS_PER_REQUEST * i);
            args[2 * i] = request.id().value();
            args[1 + 2 * i] = Long.toString(request.user().value());
        }
        return retry.call(() -> primaries.<List<Object>>run(SCRIPT, ScriptOutputType.MULTI, scriptKeys, args))
                .handle((ran, failure) -> {
                    if (failure == null) {
                        return new Decided(outcomes(ran.result(), requests.size()), ran.node());
                    }
                    // Over maxmemory the script fails at its first grant's first write, before it changed anything
                    // (grab_packets.lua's header): a refusal, not an unknown outcome.
                    if (RedisMemory.refusedForMemory(failure)) {
                        throw GrabRefusal.MEMORY.exception();
                    }
                    throw failure instanceof CompletionException wrapped ? wrapped : new CompletionException(failure);
                })
                .thenCompose(this::replicated);
    }

    /** What the primary decided, and the node connection it decided on (where the WAIT must follow). */
    private record Decided(List<GrabOutcome> outcomes, StatefulRedisConnection<String, String> node) {}

    private CompletionStage<List<GrabOutcome>> replicated(Decided decided) {
        if (acks == null) {
            return CompletableFuture.completedFuture(decided.outcomes());
        }
        // Asked from the reply's completion, on the connection's event loop: the WAIT that releases these outcomes is
        // sent after the call ran, on the same node connection, so it covers the call. Until then the lane stays
        // busy and its next batch waits, so coalescing grows the batches and the WAIT's cost is shared (ADR 0073).
        return acks.acknowledged(decided.node()).thenApply(replicated -> decided.outcomes());
    }

    static List<GrabOutcome> outcomes(List<Object> reply, int requests) {
        if (reply.size() != REPLIES_PER_REQUEST * requests) {
            throw new IllegalStateException("grab_packets.lua answered " + reply.size() + " values for " + requests);
        }
        List<GrabOutcome> outcomes = new ArrayList<>(requests);
        for (int i = 0; i < reply.size(); i += REPLIES_PER_REQUEST) {
            outcomes.add(outcome((String) reply.get(i), (String) reply.get(i + 1), (String) reply.get(i + 2)));
        }
        return outcomes;
    }

    static GrabOutcome outcome(String code, String amount, String atMillis) {
        switch (code) {
            case "GRABBED":
                return new GrabOutcome.Grabbed(Long.parseLong(amount), Instant.ofEpochMilli(Long.parseLong(atMillis)));
            case "ALREADY_GRABBED":
                return new GrabOutcome.AlreadyGrabbed(Long.parseLong(amount));
            case "SOLD_OUT":
                return new GrabOutcome.SoldOut();
            case "EXPIRED":
                return new GrabOutcome.Expired();
            case "NOT_FOUND":
                return new GrabOutcome.NotFound();
            case "NOT_A_MEMBER":
                return new GrabOutcome.NotAMember();
            default:
                throw new IllegalStateException("grab_packets.lua answered " + code);
        }
    }
}
