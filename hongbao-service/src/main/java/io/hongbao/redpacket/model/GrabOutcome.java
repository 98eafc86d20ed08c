package io.hongbao.redpacket.model;

import java.time.Instant;

/** What one grab attempt got: the outcomes of docs/api.md, Red packets; none of them is a failure of the service. */
public sealed interface GrabOutcome
        permits GrabOutcome.Grabbed,
                GrabOutcome.AlreadyGrabbed,
                GrabOutcome.SoldOut,
                GrabOutcome.Expired,
                GrabOutcome.NotFound,
                GrabOutcome.NotAMember {

    /** This attempt took a share; it is queued for the database in the same atomic step. */
    record Grabbed(long amount, Instant at) implements GrabOutcome {}

    /** The user took a share before (maybe the reply to that attempt was lost): the same amount again. */
    record AlreadyGrabbed(long amount) implements GrabOutcome {}

    record SoldOut() implements GrabOutcome {}

    record Expired() implements GrabOutcome {}

    record NotFound() implements GrabOutcome {}

    record NotAMember() implements GrabOutcome {}
}
