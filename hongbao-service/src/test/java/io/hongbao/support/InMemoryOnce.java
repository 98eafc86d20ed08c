package io.hongbao.support;

import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.idempotency.Once;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link Once} for unit tests: the step runs in the given transactions, at once. {@link #everyTime} is a request
 * without an Idempotency-Key; {@link #perKey} is one key, whose first answer every repeat gets without the step
 * running again.
 */
public final class InMemoryOnce<A> implements Once<A> {

    private final Transactions transactions;
    private final boolean keyed;
    private A kept;
    private int steps;

    private InMemoryOnce(Transactions transactions, boolean keyed) {
        this.transactions = transactions;
        this.keyed = keyed;
    }

    public static <A> InMemoryOnce<A> everyTime(Transactions transactions) {
        return new InMemoryOnce<>(transactions, false);
    }

    public static <A> InMemoryOnce<A> perKey(Transactions transactions) {
        return new InMemoryOnce<>(transactions, true);
    }

    @Override
    public <S> CompletionStage<Ran<S, A>> run(Supplier<S> step, Function<S, Optional<A>> answer) {
        if (kept != null) {
            return CompletableFuture.completedFuture(new Repeated<>(kept));
        }
        steps++;
        S outcome = transactions.inTransaction(step);
        Optional<A> answered = answer.apply(outcome);
        if (answered.isEmpty()) {
            return CompletableFuture.completedFuture(new Refused<>(outcome));
        }
        if (keyed) {
            kept = answered.get();
        }
        return CompletableFuture.completedFuture(new Done<>(outcome, answered.get()));
    }

    /** How often the step ran. */
    public int steps() {
        return steps;
    }
}
