package io.hongbao.redpacket.infrastructure;

import io.hongbao.redpacket.RedPacketSettings;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.StreamMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loop of one shard's persister thread: reclaim entries idle too long (a dead consumer's, or our own after a
 * failed write), read new entries in batches, write their events in transactions of at most batch-size events,
 * acknowledge only after the commits, and now and then trim what every group has acknowledged. A crash anywhere
 * before the XACK leaves the entries pending, to be reclaimed and written again, which the writer's idempotency makes
 * harmless. An entry that can never be written (it cannot be decoded, or the database refuses one of its events on
 * its data) is not acknowledged alone: it moves to the shard's dead-letter stream in the same step, and the others go
 * on ({@link WritingEntries}).
 */
final class ShardPersister implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(ShardPersister.class);
    private static final int MAX_CLAIM_PAGES = 100;
    private static final Duration FORGET_CONSUMERS_AFTER = Duration.ofMinutes(10);

    private final ShardStream stream;
    private final DeadLetterStream deadLetters;
    private final WritingEntries writing;
    private final RedPacketSettings.Persister settings;
    private final DeadLetterMeters meters;
    private volatile boolean running = true;

    ShardPersister(
            ShardStream stream,
            DeadLetterStream deadLetters,
            PacketEventWriter writer,
            RedPacketSettings.Persister settings,
            DeadLetterMeters meters) {
        this.stream = stream;
        this.deadLetters = deadLetters;
        this.writing = new WritingEntries(writer::write, settings.batchSize());
        this.settings = settings;
        this.meters = meters;
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
                    meters.waiting(deadLetters.size());
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
                    meters.waiting(deadLetters.size());
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
        List<DecodedEntry> entries = new ArrayList<>(messages.size());
        for (StreamMessage<String, String> message : messages) {
            // One entry holds every grant of one script call (ADR 0044): a batch expands to more events than entries.
            entries.add(DecodedEntry.of(message.getId(), message.getBody()));
        }
        // Throws when the database may be unwell: nothing is acknowledged or dead-lettered, all stays pending.
        WritingEntries.Settled settled = writing.write(entries);
        // Only after every commit: a crash before this line leaves the entries pending for a reclaim.
        stream.ack(settled.written());
        // After the acknowledgement, so that a dead-letter stream Redis refuses to grow (memory full) holds back only
        // the rejected entries, which stay pending and are moved at a later reclaim.
        settled.rejected().forEach(this::deadLetter);
    }

    private void deadLetter(WritingEntries.Rejected rejected) {
        if (deadLetters.move(rejected.id(), rejected.reason())) {
            meters.moved();
            meters.waiting(deadLetters.size());
            log.error(
                    "moved entry {} of {} to {}: {}",
                    rejected.id(),
                    stream.key(),
                    deadLetters.key(),
                    rejected.reason());
        } else {
            log.info("entry {} of {} was settled by another consumer meanwhile", rejected.id(), stream.key());
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
