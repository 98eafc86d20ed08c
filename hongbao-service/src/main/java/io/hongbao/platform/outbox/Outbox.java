package io.hongbao.platform.outbox;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Where a feature writes the events of its money movements, in the transaction that makes them (ADR 0096): the rows
 * commit or roll back with the effect, on the database shard of the events' accounts, which must be the shard the
 * transaction writes (every transaction writes one, ADR 0084).
 *
 * <p>Ordering: write the events after the statement that locks their account's row (the {@code accounts} row of a
 * user, the packet row of an escrow). Rows get their position (an auto-increment id) when inserted; two transactions
 * on one account then insert in the order they commit, because the second waits for the first's lock before it gets
 * its position, and the publisher sends a shard's rows in position order.
 */
public interface Outbox {

    /** With no bus configured: nothing is written, so no table grows that nobody drains. */
    Outbox OFF = new Outbox() {
        @Override
        public boolean writes() {
            return false;
        }

        @Override
        public void write(JdbcClient jdbc, List<OutboxEvent> events) {}
    };

    /** Whether events are written at all; a caller may skip building them when not. */
    boolean writes();

    /** Inserts the events, in the order given, with {@code jdbc} in the caller's transaction; a few rows a statement. */
    void write(JdbcClient jdbc, List<OutboxEvent> events);

    default void write(JdbcClient jdbc, OutboxEvent event) {
        write(jdbc, List.of(event));
    }
}
