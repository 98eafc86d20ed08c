package io.hongbao.redpacket.model;

/** What sending a packet came to. */
public sealed interface SendOutcome
        permits SendOutcome.Sent, SendOutcome.InsufficientFunds, SendOutcome.UnknownGroup, SendOutcome.NotInGroup {

    /** Debited and stored; {@code state} is what to publish to Redis once the transaction has committed. */
    record Sent(PacketState state) implements SendOutcome {}

    record InsufficientFunds() implements SendOutcome {}

    record UnknownGroup() implements SendOutcome {}

    /** A sender may only address a group they belong to. */
    record NotInGroup() implements SendOutcome {}
}
