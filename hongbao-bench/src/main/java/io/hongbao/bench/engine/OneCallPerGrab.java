package io.hongbao.bench.engine;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.grab.GrabScript;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The baseline request coalescing is measured against (ADR 0040): the production {@link GrabScript}, one script call
 * per grab. Calls still pipeline on the shared connection, as the coalesced ones do.
 */
final class OneCallPerGrab implements RedPacketGrabs {

    private final GrabScript script;
    private final PacketKeys keys;

    OneCallPerGrab(GrabScript script, PacketKeys keys) {
        this.script = script;
        this.keys = keys;
    }

    @Override
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        return script.grab(keys.shardOf(id), List.of(new GrabScript.Request(id, user)))
                .thenApply(outcomes -> outcomes.get(0));
    }
}
