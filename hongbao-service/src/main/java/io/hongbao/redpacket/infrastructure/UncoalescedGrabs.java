package io.hongbao.redpacket.infrastructure;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * One script call per grab ({@code hongbao.redpacket.coalescing.enabled=false}): the baseline that request
 * coalescing is measured against. Calls still pipeline on the shared connection.
 */
public final class UncoalescedGrabs implements RedPacketGrabs {

    private final ShardBatchGrabs script;
    private final PacketKeys keys;

    public UncoalescedGrabs(ShardBatchGrabs script, PacketKeys keys) {
        this.script = script;
        this.keys = keys;
    }

    @Override
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        return script.grab(keys.shardOf(id), List.of(new GrabScript.Request(id, user)))
                .thenApply(outcomes -> outcomes.get(0));
    }
}
