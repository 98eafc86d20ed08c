package io.hongbao.lab.application;

/**
 * How a strategy did on correctness in one run.
 *
 * @param granted attempts answered with a share
 * @param persisted granted answers found in the database with the same packet, user and amount
 * @param overIssued grants beyond a packet's share count (answers or rows, whichever is more)
 * @param duplicateGrabs second and later grants to the same (packet, user)
 * @param conserved Σ recorded grabs + remaining = total, for every packet
 * @param unfairMisses attempts told "sold out" while the packet still had a share for someone (see {@link Judging})
 */
public record Verdict(
        long attempts,
        long granted,
        long persisted,
        long overIssued,
        long duplicateGrabs,
        boolean conserved,
        long unfairMisses) {

    /** Every money invariant held: nothing over-issued or doubled, the money adds up, every grant is on disk. */
    public boolean correct() {
        return overIssued == 0 && duplicateGrabs == 0 && conserved && persisted == granted;
    }
}
