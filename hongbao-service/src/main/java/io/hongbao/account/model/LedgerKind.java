package io.hongbao.account.model;

/** Why money moved, as the contract names it. */
public enum LedgerKind {
    DEPOSIT,
    PACKET_SENT,
    PACKET_GRABBED,
    PACKET_REFUNDED
}
