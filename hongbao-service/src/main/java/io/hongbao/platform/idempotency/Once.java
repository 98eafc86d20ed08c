package io.hongbao.platform.idempotency;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How a request's committing step (what moves money or points) runs: in a database transaction, and at most once per
 * {@code Idempotency-Key} when the request has one. A use case hands it the step and learns, once the transaction
 * has committed, what happened, so it can go on (publish, decide) only after the commit. Plain Java, so use cases can
 * take it; {@link IdempotentRequests#once} makes one per request, a unit test makes its own.
 *
 * @param <A> the request's answer: what a repeat gets instead of running the step again
 */
public interface Once<A> {

    /**
     * Runs {@code step} in a transaction off the event loop, unless the key was answered already. {@code answer} turns
     * the step's outcome into the request's answer; an outcome without one is a refusal, rolled back, so that nothing
     * it wrote stays and the key stays unspent. Completes after the commit.
     */
    <S> CompletionStage<Ran<S, A>> run(Supplier<S> step, Function<S, Optional<A>> answer);

    /** What running the step came to. */
    sealed interface Ran<S, A> permits Done, Refused, Repeated {

        /** The answer, or the refusal turned into the exception to throw. */
        default A answerOr(Function<S, ? extends RuntimeException> refusal) {
            if (this instanceof Done<S, A> done) {
                return done.answer();
            }
            if (this instanceof Repeated<S, A> repeated) {
                return repeated.answer();
            }
            throw refusal.apply(((Refused<S, A>) this).outcome());
        }
    }

    /** The step ran now and committed. */
    record Done<S, A>(S outcome, A answer) implements Ran<S, A> {}

    /** The step ran and refused; its transaction rolled back. */
    record Refused<S, A>(S outcome) implements Ran<S, A> {}

    /** The step did not run: an earlier request with the same key was answered with this. */
    record Repeated<S, A>(A answer) implements Ran<S, A> {}
}
