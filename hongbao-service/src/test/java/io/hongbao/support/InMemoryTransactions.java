package io.hongbao.support;

import io.hongbao.platform.db.Transactions;
import java.util.function.Supplier;

/**
 * {@link Transactions} for unit tests of use cases: runs the work, nested calls join the outer one, and it knows
 * whether a transaction is open and how many committed, so a test can tell what happened before or after a commit.
 * Nothing is rolled back: the in-memory ports write at once, so a use case's refusals must write nothing themselves.
 */
public final class InMemoryTransactions implements Transactions {

    private int depth;
    private int commits;

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        depth++;
        try {
            T result = work.get();
            if (depth == 1) {
                commits++;
            }
            return result;
        } finally {
            depth--;
        }
    }

    public boolean open() {
        return depth > 0;
    }

    public int commits() {
        return commits;
    }
}
