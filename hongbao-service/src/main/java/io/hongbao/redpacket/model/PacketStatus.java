package io.hongbao.redpacket.model;

/** A packet as readers see it. */
public enum PacketStatus {
    ACTIVE,
    SOLD_OUT,
    EXPIRED
}
