package io.hongbao.platform.redis;

import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.event.command.CommandFailedEvent;
import io.lettuce.core.event.command.CommandListener;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Refreshes the cluster's topology when a command times out, at most once per {@code atMostEvery}. Lettuce refreshes
 * on its own at a redirect, at persistent reconnects and periodically: enough when a primary dies (its connections
 * close, the client reconnects), but a primary that freezes (a stopped process, a VM paused, a long fork) keeps its
 * connections open and answers nothing. Its replica takes over within seconds, and nothing tells the client until the
 * next period: its packets' grabs would time out for up to {@code refresh-every} more. A timeout is that missing
 * signal. Refreshing costs one {@code CLUSTER NODES} per node, so a storm of timeouts triggers one refresh per period.
 */
final class TopologyRefreshOnTimeout implements CommandListener {

    private final Runnable refresh;
    private final long atMostEveryNanos;
    private final LongSupplier nanoTime;
    private final AtomicLong nextAllowed;

    TopologyRefreshOnTimeout(Runnable refresh, Duration atMostEvery, LongSupplier nanoTime) {
        this.refresh = refresh;
        this.atMostEveryNanos = atMostEvery.toNanos();
        this.nanoTime = nanoTime;
        this.nextAllowed = new AtomicLong(nanoTime.getAsLong());
    }

    static TopologyRefreshOnTimeout of(RedisClusterClient client, Duration atMostEvery) {
        return new TopologyRefreshOnTimeout(client::refreshPartitionsAsync, atMostEvery, System::nanoTime);
    }

    @Override
    public void commandFailed(CommandFailedEvent event) {
        if (!(event.getCause() instanceof RedisCommandTimeoutException)) {
            return;
        }
        long now = nanoTime.getAsLong();
        long allowed = nextAllowed.get();
        // One caller wins the CAS for the period; the others' timeouts are the same signal.
        if (now - allowed >= 0 && nextAllowed.compareAndSet(allowed, now + atMostEveryNanos)) {
            refresh.run();
        }
    }
}
