package io.hongbao.redpacket.model;

/** How a packet's total is split into shares. */
public enum PacketType {
    /** The "lucky" double-mean split: shares differ, the luckiest grabber is named once sold out. */
    RANDOM,
    /** Every share the same; the total must divide by the count. */
    EQUAL
}
