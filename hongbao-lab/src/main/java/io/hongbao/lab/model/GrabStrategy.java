package io.hongbao.lab.model;

import java.time.Duration;

/**
 * One way of grabbing red packets under concurrency, as the strategy lab compares them (docs/strategies.md).
 *
 * <p>The life of a strategy is one run: {@link #prepare} stores the run's packets wherever the strategy keeps its
 * state, then many threads call {@link #grab} at once, then {@link #awaitPersisted} waits until every grant it
 * answered is in the database, {@link #audit} reads what the strategy holds, and {@link #close} stops its workers and
 * removes its Redis keys. Implementations are thread-safe for {@code grab}; the other calls come from one thread.
 */
public interface GrabStrategy extends AutoCloseable {

    /** The name the bench and the docs use, e.g. {@code db-pessimistic}. */
    String name();

    /** Stores the run's packets (database rows, Redis keys) so that they can be grabbed. */
    void prepare(LabRun run);

    /** One attempt of {@code userId} at {@code packetId}; blocks until the strategy has answered. */
    LabOutcome grab(long packetId, long userId);

    /**
     * Waits until every grant answered so far is recorded in the database.
     *
     * @return false when that did not happen within {@code timeout}
     */
    boolean awaitPersisted(Duration timeout);

    /** The grants recorded in the database and what each packet still holds, by the strategy's own reckoning. */
    LabAudit audit();

    /** Stops the strategy's workers and removes its Redis state; the database rows stay for inspection. */
    @Override
    void close();
}
