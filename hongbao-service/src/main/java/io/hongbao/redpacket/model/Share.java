package io.hongbao.redpacket.model;

/** One pre-split share of a packet; {@code seq} is the order in which grabs take them (0 first). */
public record Share(int seq, long amount) {

    public Share {
        if (seq < 0) {
            throw new IllegalArgumentException("a share number is never negative: " + seq);
        }
        if (amount < 1) {
            throw new IllegalArgumentException("every share is at least one cent: " + amount);
        }
    }
}
