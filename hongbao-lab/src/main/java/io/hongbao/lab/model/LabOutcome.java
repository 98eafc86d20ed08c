package io.hongbao.lab.model;

/** What one grab attempt was told. */
public sealed interface LabOutcome permits LabOutcome.Granted, LabOutcome.AlreadyGrabbed, LabOutcome.SoldOut {

    AlreadyGrabbed ALREADY_GRABBED = new AlreadyGrabbed();
    SoldOut SOLD_OUT = new SoldOut();

    /** The user got a share of {@code amount} cents. */
    record Granted(long amount) implements LabOutcome {
        public Granted {
            if (amount < 1) {
                throw new IllegalArgumentException("a granted share is at least one cent: " + amount);
            }
        }
    }

    /** The user had a share of this packet already. */
    record AlreadyGrabbed() implements LabOutcome {}

    /**
     * No share for this attempt. Also what a strategy answers when it gives up (retries spent, lock not obtained):
     * the user cannot tell the difference, which is why the lab counts "unfair misses".
     */
    record SoldOut() implements LabOutcome {}
}
