package io.hongbao.platform.outbox;

import io.hongbao.platform.workers.PeriodicWorker;
import java.util.List;
import org.springframework.context.SmartLifecycle;

/**
 * Every shard's outbox workers, started and stopped with the other background work (after the web server's graceful
 * shutdown, before the pools close). A publisher per shard, each on its own thread: a shard whose database or outbox
 * is stuck holds up no other shard's publishing.
 */
public final class OutboxPublishing implements SmartLifecycle {

    private final List<PeriodicWorker> workers;
    private volatile boolean running;

    OutboxPublishing(List<PeriodicWorker> workers) {
        this.workers = List.copyOf(workers);
    }

    @Override
    public void start() {
        workers.forEach(PeriodicWorker::start);
        running = true;
    }

    @Override
    public void stop() {
        workers.forEach(PeriodicWorker::stop);
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PeriodicWorker.PHASE;
    }
}
