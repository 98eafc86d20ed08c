package io.hongbao.platform.outbox;

import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Duration;

/** The threads of one database shard's outbox: its publisher and its backlog sampler, each on its own. */
final class OutboxWorkers {

    private OutboxWorkers() {}

    /** Publishes the shard's outbox; a pass that fails (broker away, database away) is retried by the next one. */
    static final class Publishing extends PeriodicWorker {

        private final OutboxPublisher publisher;

        Publishing(int shard, OutboxPublisher publisher, Duration every) {
            super("outbox-publisher-" + shard, every, true);
            this.publisher = publisher;
        }

        @Override
        protected int runOnce() {
            return publisher.publishOnce();
        }

        @Override
        public synchronized void stop() {
            super.stop();
            // After the pass ended: the producer and the lock's connection belong to the worker's thread until then.
            publisher.stop();
        }
    }

    /** Counts the shard's waiting rows and the age of the oldest, for the metrics and the operator's page. */
    static final class Sampling extends PeriodicWorker {

        private final int shard;
        private final ShardOutbox outbox;
        private final OutboxProgress progress;

        Sampling(int shard, ShardOutbox outbox, OutboxProgress progress, Duration every) {
            super("outbox-sampler-" + shard, every, true);
            this.shard = shard;
            this.outbox = outbox;
            this.progress = progress;
        }

        @Override
        protected int runOnce() {
            progress.sampled(shard, outbox.backlog());
            return 0;
        }
    }
}
