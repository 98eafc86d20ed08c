package io.hongbao.campaign.model;

/**
 * Where a person's claim on a round is (ADR 0103): at their home pool (where everyone starts, and where an ended walk
 * leaves it), at another pool, or closed: the round is over and they hold no share of it (what a later round checks
 * before a campaign-wide once lets them grab again).
 *
 * @param pool the pool's index; -1 home, -2 closed
 */
public record ClaimPlace(int pool) {

    public static final ClaimPlace HOME = new ClaimPlace(-1);
    public static final ClaimPlace CLOSED = new ClaimPlace(-2);

    public ClaimPlace {
        if (pool < -2) {
            throw new IllegalArgumentException("a pool index, home or closed, not " + pool);
        }
    }

    public static ClaimPlace at(int pool) {
        if (pool < 0) {
            throw new IllegalArgumentException("a pool index, not " + pool);
        }
        return new ClaimPlace(pool);
    }

    public boolean atHome() {
        return pool == HOME.pool;
    }

    public boolean closed() {
        return pool == CLOSED.pool;
    }

    /** The pool the claim is at: {@code home} while it is at home. Not for a closed claim. */
    public int poolOf(int home) {
        if (closed()) {
            throw new IllegalStateException("a closed claim is at no pool");
        }
        return atHome() ? home : pool;
    }
}
