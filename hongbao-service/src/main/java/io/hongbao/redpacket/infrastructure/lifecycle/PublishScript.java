package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.Share;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** {@code publish_packet.lua}: creates a packet's live state from the database's view unless it is already live. */
final class PublishScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("publish_packet");

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;
    private final Duration retention;

    PublishScript(RedisClusterAsyncCommands<String, String> redis, PacketKeys keys, Duration retention) {
        this.redis = redis;
        this.keys = keys;
        this.retention = retention;
    }

    /** True when it created the state, false when the packet was already live. */
    CompletionStage<Boolean> publish(PacketState state) {
        PacketId id = state.packet().id();
        String[] scriptKeys = {keys.packet(id), keys.shares(id), keys.grabbed(id), keys.members(id), keys.expiry(id)};
        return SCRIPT.<Long>run(redis, ScriptOutputType.INTEGER, scriptKeys, args(state))
                .thenApply(created -> created == 1L);
    }

    private String[] args(PacketState state) {
        List<String> args = new ArrayList<>(10
                + state.unclaimed().size()
                + 2 * state.grabs().size()
                + state.members().size());
        args.add(state.packet().id().value());
        args.add(Long.toString(state.packet().expiresAt().toEpochMilli()));
        args.add(state.packet().forGroup() ? "1" : "0");
        args.add(state.closed() ? "1" : "0");
        args.add(Long.toString(retention.toMillis()));
        args.add(Long.toString(state.packet().sender().value()));
        args.add(Integer.toString(state.unclaimed().size()));
        args.add(Integer.toString(state.grabs().size()));
        args.add(Integer.toString(state.members().size()));
        for (Share share : state.unclaimed()) {
            args.add(share.seq() + ":" + share.amount());
        }
        for (PacketGrab grab : state.grabs()) {
            args.add(Long.toString(grab.user().value()));
            args.add(GrabValue.of(grab));
        }
        for (UserId member : state.members()) {
            args.add(Long.toString(member.value()));
        }
        return args.toArray(String[]::new);
    }
}
