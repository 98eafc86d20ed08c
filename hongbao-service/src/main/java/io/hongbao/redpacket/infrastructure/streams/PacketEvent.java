package io.hongbao.redpacket.infrastructure.streams;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.PacketId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An event of a shard's event stream, as the Lua scripts write it. One stream entry holds one or more events
 * (ADR 0044): {@code k=grabs} every grant of one grab_packets.lua call, {@code k=refund} one refund.
 */
public sealed interface PacketEvent permits PacketEvent.Grab, PacketEvent.Refund {

    /** The stream entry the event came from; the grants of one entry share it. */
    String streamId();

    PacketId packet();

    /** A share handed out by grab_packets.lua. */
    record Grab(String streamId, PacketId packet, UserId user, int seq, long amount, Instant at)
            implements PacketEvent {}

    /** A packet closed by expire_packet.lua; {@code amount} (maybe 0) goes back to the sender. */
    record Refund(String streamId, PacketId packet, UserId sender, long amount, Instant at) implements PacketEvent {}

    /**
     * The events of one stream entry, in the order the script decided them.
     *
     * @throws IllegalArgumentException when the entry is not one the scripts write, or holds what no script could
     *     have decided: a share of less than a cent, a negative share number or refund (invariant 2)
     */
    static List<PacketEvent> parse(String streamId, Map<String, String> body) {
        String kind = body.get("k");
        Instant at = Instant.ofEpochMilli(Long.parseLong(required(body, "t")));
        if ("grabs".equals(kind)) {
            return grants(streamId, required(body, "g"), at);
        }
        if ("refund".equals(kind)) {
            return List.of(new Refund(
                    streamId,
                    new PacketId(required(body, "p")),
                    UserId.of(Long.parseLong(required(body, "u"))),
                    atLeast(0, Long.parseLong(required(body, "a")), "refund"),
                    at));
        }
        throw new IllegalArgumentException("unknown event kind " + kind);
    }

    /** {@code g} of a {@code k=grabs} entry: "packet:user:amount:seq" per grant, joined by ';'. */
    private static List<PacketEvent> grants(String streamId, String field, Instant at) {
        String[] grants = field.split(";");
        List<PacketEvent> events = new ArrayList<>(grants.length);
        for (String grant : grants) {
            String[] parts = grant.split(":");
            if (parts.length != 4) {
                throw new IllegalArgumentException("not a grant: " + grant);
            }
            events.add(new Grab(
                    streamId,
                    new PacketId(parts[0]),
                    UserId.of(Long.parseLong(parts[1])),
                    (int) atLeast(0, Integer.parseInt(parts[3]), "share number"),
                    atLeast(1, Long.parseLong(parts[2]), "share"),
                    at));
        }
        return events;
    }

    private static long atLeast(long least, long value, String what) {
        if (value < least) {
            throw new IllegalArgumentException("a " + what + " of " + value + " (at least " + least + ")");
        }
        return value;
    }

    private static String required(Map<String, String> body, String field) {
        String value = body.get(field);
        if (value == null) {
            throw new IllegalArgumentException("no field " + field);
        }
        return value;
    }
}
