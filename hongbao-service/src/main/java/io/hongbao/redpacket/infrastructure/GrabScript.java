package io.hongbao.redpacket.infrastructure;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.platform.redis.RedisMemory;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * {@code grab_packets.lua}: a batch of grabs on one shard in one script call and one round trip on the shared
 * pipelined connection. Nothing here blocks: the reply is parsed on Lettuce's I/O thread and handed on. A call Redis
 * refused for lack of memory fails with {@link GrabRefusal#MEMORY}: the script changed nothing then.
 */
public final class GrabScript implements ShardBatchGrabs {

    private static final LuaScript SCRIPT = LuaScript.fromResource("grab_packets");
    private static final int KEYS_PER_REQUEST = 4;
    private static final int REPLIES_PER_REQUEST = 3;

    private final RedisAsyncCommands<String, String> redis;
    private final PacketKeys keys;

    public GrabScript(RedisAsyncCommands<String, String> redis, PacketKeys keys) {
        this.redis = redis;
        this.keys = keys;
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
        return SCRIPT.<List<Object>>run(redis, ScriptOutputType.MULTI, scriptKeys, args)
                .handle((reply, failure) -> {
                    if (failure == null) {
                        return outcomes(reply, requests.size());
                    }
                    // Over maxmemory the script fails at its first grant's first write, before it changed anything
                    // (grab_packets.lua's header): a refusal, not an unknown outcome.
                    if (RedisMemory.refusedForMemory(failure)) {
                        throw GrabRefusal.MEMORY.exception();
                    }
                    throw failure instanceof CompletionException wrapped ? wrapped : new CompletionException(failure);
                });
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
