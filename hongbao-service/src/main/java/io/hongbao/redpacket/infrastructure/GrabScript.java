package io.hongbao.redpacket.infrastructure;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * {@code grab_packet.lua}: one grab, one script call, one round trip on the shared pipelined connection. Nothing here
 * blocks: the reply is parsed on Lettuce's I/O thread and handed on.
 */
public final class GrabScript implements RedPacketGrabs {

    private static final LuaScript SCRIPT = LuaScript.fromResource("grab_packet");

    private final RedisAsyncCommands<String, String> redis;
    private final PacketKeys keys;

    public GrabScript(RedisAsyncCommands<String, String> redis, PacketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        String[] scriptKeys = keys.grabKeys(id);
        return SCRIPT.<List<Object>>run(
                        redis, ScriptOutputType.MULTI, scriptKeys, id.value(), Long.toString(user.value()))
                .thenApply(GrabScript::outcome);
    }

    static GrabOutcome outcome(List<Object> reply) {
        String code = (String) reply.get(0);
        switch (code) {
            case "GRABBED":
                return new GrabOutcome.Grabbed(
                        amount(reply), Instant.ofEpochMilli(Long.parseLong((String) reply.get(2))));
            case "ALREADY_GRABBED":
                return new GrabOutcome.AlreadyGrabbed(amount(reply));
            case "SOLD_OUT":
                return new GrabOutcome.SoldOut();
            case "EXPIRED":
                return new GrabOutcome.Expired();
            case "NOT_FOUND":
                return new GrabOutcome.NotFound();
            case "NOT_A_MEMBER":
                return new GrabOutcome.NotAMember();
            default:
                throw new IllegalStateException("grab_packet.lua answered " + reply);
        }
    }

    private static long amount(List<Object> reply) {
        return Long.parseLong((String) reply.get(1));
    }
}
