package io.hongbao.redpacket.model;

import io.hongbao.platform.ids.OpaqueIds;

/** A red packet's opaque id, chosen by the server. */
public record PacketId(String value) {

    public PacketId {
        if (!OpaqueIds.isWellFormed(value)) {
            throw new IllegalArgumentException("not a packet id: " + value);
        }
    }

    public static PacketId generate() {
        return new PacketId(OpaqueIds.next());
    }

    /** The ledger account holding this packet's unclaimed money. */
    public String escrowAccount() {
        return "escrow:" + value;
    }
}
