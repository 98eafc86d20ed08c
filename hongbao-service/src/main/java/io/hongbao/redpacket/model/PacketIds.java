package io.hongbao.redpacket.model;

import io.hongbao.account.model.UserId;

/**
 * New packet ids. A packet's id decides where its rows live; the ids given out place each packet with its sender's
 * account, so that sending it (the sender debited, the packet stored) and refunding it stay one local transaction
 * however the database is sharded (ADR 0084).
 */
public interface PacketIds {

    /** A fresh id, never given out before, for a packet {@code sender} sends. */
    PacketId next(UserId sender);
}
