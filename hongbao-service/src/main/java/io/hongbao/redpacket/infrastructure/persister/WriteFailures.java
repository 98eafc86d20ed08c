package io.hongbao.redpacket.infrastructure.persister;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.transaction.TransactionException;

/**
 * Tells a write that failed because of what it writes from one that failed because of where it writes. Only the first
 * kind may dead-letter an entry: a database that is down, slow, restarting or deadlocked must leave entries pending,
 * to be reclaimed and written once it is back, never moved aside.
 */
final class WriteFailures {

    private WriteFailures() {}

    /**
     * Whether the same events would fail again whatever the database's health: the database answered and refused the
     * data (a constraint, a value out of range: {@link DataIntegrityViolationException}), or our own code refused it
     * before or after asking (an invalid amount, a payout the escrow cannot cover: an exception outside the data
     * access and transaction families). Everything the connection, the pool, the transaction manager or the server's
     * state can cause (no connection, a timeout, a deadlock, a failed commit, an unclassified SQL error) is a
     * {@link DataAccessException} or {@link TransactionException} of another kind, and is not deterministic.
     */
    static boolean deterministic(RuntimeException failure) {
        if (failure instanceof DataIntegrityViolationException) {
            return true;
        }
        return !(failure instanceof DataAccessException) && !(failure instanceof TransactionException);
    }
}
