package io.hongbao.lab.model;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A red packet of the lab: a total in cents, split in advance into {@code shares} (each at least one cent, summing to
 * the total). Strategies that split at grab time ({@code db-pessimistic}, {@code lua-live-split}, ...) use only the
 * total and the count.
 */
public record LabPacket(long id, long totalAmount, List<Long> shares) {

    public LabPacket {
        if (shares.isEmpty()) {
            throw new IllegalArgumentException("a packet has at least one share");
        }
        long sum = 0;
        for (long share : shares) {
            if (share < 1) {
                throw new IllegalArgumentException("every share is at least one cent, not " + share);
            }
            sum = Math.addExact(sum, share);
        }
        if (sum != totalAmount) {
            throw new IllegalArgumentException("the shares sum to " + sum + ", not to the total " + totalAmount);
        }
        shares = List.copyOf(shares);
    }

    /** A packet whose total is split with the double-mean method ({@link LiveSplitting#split}). */
    public static LabPacket split(long id, long totalAmount, int count, RandomGenerator random) {
        return new LabPacket(id, totalAmount, LiveSplitting.split(totalAmount, count, random));
    }

    public int count() {
        return shares.size();
    }
}
