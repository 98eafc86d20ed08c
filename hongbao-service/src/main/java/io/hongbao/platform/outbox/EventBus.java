package io.hongbao.platform.outbox;

import java.util.List;

/** Where a shard's outbox rows are published. One instance per shard, used by that shard's publisher thread only. */
public interface EventBus extends AutoCloseable {

    /**
     * Sends the rows in the order given, keyed by account, and waits for the bus to acknowledge them.
     *
     * @return the positions the bus acknowledged (only these may be deleted), and the failure, if any, after which the
     *     rest may or may not have arrived
     */
    Acks send(int shard, List<OutboxRow> rows);

    @Override
    void close();

    record Acks(List<Long> acknowledged, RuntimeException failure) {

        public Acks {
            acknowledged = List.copyOf(acknowledged);
        }
    }
}
