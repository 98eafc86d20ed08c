package io.hongbao.redpacket.infrastructure;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.PacketId;
import java.time.Instant;
import java.util.Map;

/** An entry of a shard's event stream, as the Lua scripts write it (fields k, p, u, a, s, t). */
public sealed interface PacketEvent permits PacketEvent.Grab, PacketEvent.Refund {

    String streamId();

    PacketId packet();

    /** A share handed out by grab_packets.lua. */
    record Grab(String streamId, PacketId packet, UserId user, int seq, long amount, Instant at)
            implements PacketEvent {}

    /** A packet closed by expire_packet.lua; {@code amount} (maybe 0) goes back to the sender. */
    record Refund(String streamId, PacketId packet, UserId sender, long amount, Instant at) implements PacketEvent {}

    static PacketEvent parse(String streamId, Map<String, String> body) {
        PacketId packet = new PacketId(body.get("p"));
        UserId user = UserId.of(Long.parseLong(body.get("u")));
        long amount = Long.parseLong(body.get("a"));
        Instant at = Instant.ofEpochMilli(Long.parseLong(body.get("t")));
        String kind = body.get("k");
        if ("grab".equals(kind)) {
            return new Grab(streamId, packet, user, Integer.parseInt(body.get("s")), amount, at);
        }
        if ("refund".equals(kind)) {
            return new Refund(streamId, packet, user, amount, at);
        }
        throw new IllegalArgumentException("unknown event kind " + kind);
    }
}
