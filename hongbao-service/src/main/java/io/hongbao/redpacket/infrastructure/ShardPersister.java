package io.hongbao.redpacket.infrastructure;

import io.hongbao.platform.collections.Chunks;
import io.hongbao.redpacket.RedPacketSettings;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.StreamMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * The loop of one shard's persister thread: reclaim entries idle too long (a dead consumer's, or our own after a
 * failed write), read new entries in batches, write their events in transactions of at most batch-size events,
 * acknowledge only after the commits, and now and then trim what every group has acknowledged. A crash anywhere
 * before the XACK leaves the entries pending, to be reclaimed and written again, which the writer's idempotency makes
 * harmless.
 */
final class ShardPersister implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(ShardPersister.class);
    private static final int WRITE_ATTEMPTS = 3;
    private static final int MAX_CLAIM_PAGES = 100;
    private static final Duration FORGET_CONSUMERS_AFTER = Duration.ofMinutes(10);

    private final ShardStream stream;
    private final PacketEventWriter writer;
    private final RedPacketSettings.Persister settings;
    private volatile boolean running = true;

    ShardPersister(ShardStream stream, PacketEventWriter writer, RedPacketSettings.Persister settings) {
        this.stream = stream;
        this.writer = writer;
        this.settings = settings;
    }

    void stop() {
        running = false;
    }

    @Override
    public void run() {
        boolean groupReady = false;
        long nextReclaim = 0;
        long nextTrim = System.nanoTime() + settings.trimEvery().toNanos();
        while (running) {
            try {
                if (!groupReady) {
                    stream.ensureGroup();
                    groupReady = true;
                }
                if (System.nanoTime() - nextReclaim >= 0) {
                    reclaim();
                    nextReclaim = System.nanoTime() + settings.reclaimEvery().toNanos();
                }
                List<StreamMessage<String, String>> batch = stream.readNew(settings.batchSize(), settings.block());
                persist(batch);
                lingerAfter(batch);
                if (System.nanoTime() - nextTrim >= 0) {
                    stream.trimAcknowledged();
                    stream.forgetIdleConsumers(FORGET_CONSUMERS_AFTER);
                    nextTrim = System.nanoTime() + settings.trimEvery().toNanos();
                }
            } catch (RedisCommandExecutionException e) {
                // NOGROUP: Redis lost the group (flushed or replaced); recreate it from id 0 and carry on.
                groupReady = false;
                pauseAfter(e);
            } catch (RuntimeException e) {
                pauseAfter(e);
            } catch (InterruptedException e) {
                // Shutting down: whatever was read but not acknowledged stays pending for the next consumer.
                Thread.currentThread().interrupt();
                running = false;
            }
        }
    }

    /**
     * A short batch means we are keeping up: waiting a little lets the next transaction carry more grabs, which cuts
     * the database's per-transaction cost (statements, commit fsync) at the price of a few ms more persistence lag.
     * A full batch means a backlog: read again at once.
     */
    private void lingerAfter(List<StreamMessage<String, String>> batch) throws InterruptedException {
        int read = batch == null ? 0 : batch.size();
        if (read > 0 && read < settings.batchSize() && !settings.linger().isZero()) {
            Thread.sleep(settings.linger().toMillis());
        }
    }

    private void reclaim() {
        for (int page = 0; page < MAX_CLAIM_PAGES && running; page++) {
            List<StreamMessage<String, String>> claimed = stream.claimIdle(settings.claimIdle(), settings.batchSize());
            if (claimed.isEmpty()) {
                return;
            }
            log.info("reclaimed {} idle entries of {}", claimed.size(), stream.key());
            persist(claimed);
        }
    }

    private void persist(List<StreamMessage<String, String>> messages) {
        if (messages == null || messages.isEmpty()) {
            return;
        }
        List<PacketEvent> events = new ArrayList<>(messages.size());
        List<String> ids = new ArrayList<>(messages.size());
        for (StreamMessage<String, String> message : messages) {
            ids.add(message.getId());
            if (message.getBody() == null || message.getBody().isEmpty()) {
                continue; // an entry deleted while pending: nothing to write
            }
            try {
                // One entry holds every grant of one script call (ADR 0044): a batch of entries expands to more
                // events than entries.
                events.addAll(PacketEvent.parse(message.getId(), message.getBody()));
            } catch (RuntimeException e) {
                log.error("dropping malformed entry {} of {}: {}", message.getId(), stream.key(), message.getBody(), e);
            }
        }
        // At most batch-size events per transaction, as when every entry held one event. Each slice commits on its
        // own; a crash between slices leaves every entry unacknowledged, and the replay skips what was committed.
        for (List<PacketEvent> slice : Chunks.of(events, settings.batchSize())) {
            write(slice);
        }
        // Only after every commit: a crash before this line leaves the entries pending for a reclaim.
        stream.ack(ids);
    }

    private void write(List<PacketEvent> events) {
        for (int attempt = 1; ; attempt++) {
            try {
                writer.write(events);
                return;
            } catch (DataAccessException e) {
                // A deadlock, or a unique key hit because another consumer wrote the same entries just now: the
                // retry finds them recorded and skips them.
                if (attempt == WRITE_ATTEMPTS) {
                    throw e;
                }
                log.debug("retrying a batch of {} after {}", stream.key(), e.toString());
            }
        }
    }

    private void pauseAfter(RuntimeException e) {
        if (!running) {
            return;
        }
        log.warn("persister of {} failed, retrying shortly: {}", stream.key(), e.toString());
        try {
            Thread.sleep(Math.min(1000, settings.block().toMillis() + 100));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
