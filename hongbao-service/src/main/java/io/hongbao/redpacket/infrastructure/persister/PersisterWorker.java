package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.account.model.EscrowPayout;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.redis.acks.ReplicaAckFailed;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.StreamMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * One persister thread, with a Redis connection of its own (ADR 0072). It drains the shards the doorbell hands it, in
 * rounds: a non-blocking read of up to batch-size new entries from the shard it was handed and from the other shards
 * due at that moment (ADR 0082), their events written together in transactions, the entries acknowledged only after
 * the commits. Then the shard is read again at once after a full batch, after the linger after a short one
 * (the next transaction carries more grabs), or let go idle after an empty read. Between drains, whichever worker
 * claims it runs the periodic work: the safety pass (reclaim entries idle too long, then ring every shard, so entries
 * nobody rang for, written by another instance or before a crash, are read) and the trim rounds.
 *
 * <p>With several databases a worker serves the shards of one database, its lane, and runs that lane's periodic work;
 * the second step of its rounds, the credits to payees on other databases, is made by those databases' credit lanes,
 * which acknowledge the entries once every credit committed (ADR 0091). So a frozen database holds its own lane's
 * workers and its own credit lane, and no other.
 *
 * <p>A crash anywhere before the XACK leaves the entries pending, to be reclaimed and written again, which the
 * writer's idempotency makes harmless. An entry that can never be written (it cannot be decoded, or the database
 * refuses one of its events on its data) is not acknowledged alone: it moves to the shard's dead-letter stream in the
 * same step, and the others go on ({@link WritingEntries}).
 */
final class PersisterWorker implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(PersisterWorker.class);
    private static final int MAX_CLAIM_PAGES = 100;
    private static final Duration FORGET_CONSUMERS_AFTER = Duration.ofMinutes(10);
    private static final Duration PAUSE_AFTER_FAILURE = Duration.ofSeconds(1);
    /** Redis or the database is unwell, most likely: the rest of the round waits for the next period. */
    private static final int MAX_FAILURES_PER_ROUND = 3;

    private final ShardStream[] streams;
    private final DeadLetterStream[] deadLetters;
    private final DeadLetterMeters[] meters;
    private final ShardDoorbell doorbell;
    private final PersisterSchedule schedule;
    private final WritingEntries writing;
    private final PacketEventWriter writer;
    private final RedPacketSettings.Persister settings;
    private final DatabaseShards databaseShards;
    private final IntPredicate lane;
    private final EntriesAwaitingCredits awaitingCredits;
    private final CreditLanes credits;
    private final ReplicatedReads replicated;
    private volatile boolean running = true;

    /**
     * @param lane the shards this worker serves: those of one database when there are several (ADR 0091), so that a
     *     frozen database holds only its own workers
     * @param schedule the periodic work of the workers of the same lane
     * @param replicated confirms that the replicas have what a round read, before it writes (ADR 0102)
     */
    PersisterWorker(
            ShardStream[] streams,
            DeadLetterStream[] deadLetters,
            DeadLetterMeters[] meters,
            ShardDoorbell doorbell,
            PersisterSchedule schedule,
            PacketEventWriter writer,
            RedPacketSettings.Persister settings,
            DatabaseShards databaseShards,
            IntPredicate lane,
            EntriesAwaitingCredits awaitingCredits,
            CreditLanes credits,
            ReplicatedReads replicated) {
        this.streams = streams;
        this.deadLetters = deadLetters;
        this.meters = meters;
        this.doorbell = doorbell;
        this.schedule = schedule;
        // The first step only (ADR 0084): persist() queues the credits to payees on other databases after it, to be
        // made by those databases' own threads.
        this.writing = new WritingEntries(writer::record, settings.batchSize());
        this.writer = writer;
        this.settings = settings;
        this.databaseShards = databaseShards;
        this.lane = lane;
        this.awaitingCredits = awaitingCredits;
        this.credits = credits;
        this.replicated = replicated;
    }

    void stop() {
        running = false;
    }

    @Override
    public void run() {
        while (running) {
            try {
                if (schedule.claimSafetyPass()) {
                    safetyPass();
                }
                PersisterSchedule.TrimRound round = schedule.claimTrimRound();
                if (round != null) {
                    trim(round);
                }
                Duration wait = min(settings.block(), schedule.untilNext());
                int shard = doorbell.take(wait, lane);
                if (shard >= 0) {
                    drain(shard);
                }
            } catch (InterruptedException e) {
                // Shutting down: whatever was read but not acknowledged stays pending for the next consumer.
                Thread.currentThread().interrupt();
                running = false;
            } catch (RuntimeException e) {
                // Periodic work that failed as a whole (its per-shard failures are caught inside): next period.
                warn("periodic work", e);
            }
        }
    }

    /**
     * One round: the shard the doorbell handed over, and as many other due shards as fit one batch (ADR 0082), read,
     * written together, and each handed back to the doorbell: never left held, whatever fails.
     */
    private void drain(int first) {
        List<Integer> held = new ArrayList<>(List.of(first));
        int database = databaseShards.ofVirtualShard(first);
        List<PersisterRound.ShardRead> reads = new ArrayList<>();
        ReplicatedReads.Round round = replicated.round();
        try {
            int entries = read(first, settings.batchSize(), held, reads, round);
            while (entries < settings.batchSize() && reads.size() < settings.shardsPerRound()) {
                // Only shards due now: a round never waits for more, so the first shard's lag does not grow. And only
                // shards of the first one's database: the round's grabs are then recorded in one transaction there.
                int next = doorbell.takeDue(shard -> databaseShards.ofVirtualShard(shard) == database);
                if (next < 0) {
                    break;
                }
                held.add(next);
                entries += read(next, settings.batchSize() - entries, held, reads, round);
            }
            if (!reads.isEmpty()) {
                persist(reads, round);
            }
        } catch (RuntimeException e) {
            held.forEach(shard -> {
                failed(shard, e);
                doorbell.again(shard, PAUSE_AFTER_FAILURE);
            });
            return;
        }
        for (PersisterRound.ShardRead read : reads) {
            // A full read means a backlog: read again at once. A short one means we keep up: lingering lets the next
            // transaction carry more grabs, cutting the database's per-transaction cost (statements, commit fsync)
            // for a few ms more persistence lag; the entries are durable in Redis meanwhile.
            doorbell.again(read.shard(), read.full() ? Duration.ZERO : settings.linger());
        }
    }

    /**
     * Reads up to {@code count} new entries of a held shard into {@code reads}; an empty shard is let go at once (and
     * leaves {@code held}).
     *
     * @return how many entries were read
     */
    private int read(
            int shard,
            int count,
            List<Integer> held,
            List<PersisterRound.ShardRead> reads,
            ReplicatedReads.Round round) {
        round.beforeReading(streams[shard].key());
        List<StreamMessage<String, String>> batch = streams[shard].readNew(count);
        if (batch == null || batch.isEmpty()) {
            held.remove(Integer.valueOf(shard));
            doorbell.drained(shard);
            return 0;
        }
        reads.add(new PersisterRound.ShardRead(shard, batch, batch.size() >= count));
        return batch.size();
    }

    /**
     * Every shard of the lane: reclaim what has been pending too long, then ring it so its undelivered entries are
     * read.
     */
    private void safetyPass() {
        int failures = 0;
        for (int shard = 0; shard < streams.length && running && failures < MAX_FAILURES_PER_ROUND; shard++) {
            if (!lane.test(shard)) {
                continue;
            }
            try {
                reclaim(shard);
            } catch (RuntimeException e) {
                failed(shard, e);
                failures++;
            }
        }
        doorbell.ringAll(lane);
    }

    private void reclaim(int shard) {
        for (int page = 0; page < MAX_CLAIM_PAGES && running; page++) {
            ReplicatedReads.Round round = replicated.round();
            round.beforeReading(streams[shard].key());
            List<StreamMessage<String, String>> claimed =
                    streams[shard].claimIdle(settings.claimIdle(), settings.batchSize());
            if (claimed.isEmpty()) {
                return;
            }
            // Entries whose credits this instance has queued are in hand, however long a payee database keeps them
            // idle: the claim only reset their idle time, and they are settled when their credits commit.
            final int current = shard;
            List<StreamMessage<String, String>> idle = claimed.stream()
                    .filter(message -> !awaitingCredits.inHand(current, message.getId()))
                    .toList();
            if (idle.isEmpty()) {
                continue;
            }
            log.info("reclaimed {} idle entries of {}", idle.size(), streams[shard].key());
            persist(List.of(new PersisterRound.ShardRead(shard, idle, false)), round);
        }
    }

    private void trim(PersisterSchedule.TrimRound round) {
        int failures = 0;
        for (int shard : round.shards()) {
            if (!running || failures >= MAX_FAILURES_PER_ROUND) {
                return;
            }
            try {
                streams[shard].trimAcknowledged();
                streams[shard].forgetIdleConsumers(FORGET_CONSUMERS_AFTER);
                if (round.full()) {
                    meters[shard].waiting(deadLetters[shard].size());
                }
            } catch (RuntimeException e) {
                failed(shard, e);
                failures++;
            }
        }
    }

    /**
     * Writes a round and settles its entries. The first step committed, an entry with no payee on another database is
     * settled at once; the others are handed to the payee databases' credit lanes (ADR 0091) and settled by them once
     * every credit committed ({@link #settleCredited}). A crash anywhere before an entry's XACK leaves it pending.
     */
    private void persist(List<PersisterRound.ShardRead> reads, ReplicatedReads.Round round) {
        // Throws when a replica did not confirm the reads (ADR 0102): nothing is written, all stays pending.
        round.confirm();
        // Throws when the database may be unwell: nothing is acknowledged or dead-lettered, all stays pending.
        List<PersisterRound.ShardSettled> settled = PersisterRound.write(writing, reads);
        List<EntriesAwaitingCredits.Credited> withCredits = new ArrayList<>();
        List<PersisterRound.ShardSettled> settledNow = new ArrayList<>();
        for (PersisterRound.ShardSettled shard : settled) {
            List<String> written = new ArrayList<>();
            for (String id : shard.written()) {
                Map<Integer, List<EscrowPayout>> elsewhere = creditsElsewhere(shard, id);
                if (elsewhere.isEmpty()) {
                    written.add(id);
                } else {
                    withCredits.add(new EntriesAwaitingCredits.Credited(shard.shard(), id, null, elsewhere));
                }
            }
            List<WritingEntries.Rejected> rejected = new ArrayList<>();
            for (WritingEntries.Rejected entry : shard.rejected()) {
                Map<Integer, List<EscrowPayout>> elsewhere = creditsElsewhere(shard, entry.id());
                if (elsewhere.isEmpty()) {
                    rejected.add(entry);
                } else {
                    // Its recorded events' payees are credited before it leaves the stream: once dead-lettered, no
                    // replay would credit them.
                    withCredits.add(new EntriesAwaitingCredits.Credited(shard.shard(), entry.id(), entry, elsewhere));
                }
            }
            settledNow.add(new PersisterRound.ShardSettled(shard.shard(), written, rejected, Map.of()));
        }
        settle(settledNow);
        if (!withCredits.isEmpty()) {
            awaitingCredits.hand(withCredits, this::settleCredited, credits);
        }
    }

    private Map<Integer, List<EscrowPayout>> creditsElsewhere(PersisterRound.ShardSettled shard, String id) {
        List<PacketEvent> recorded = shard.recorded().get(id);
        return recorded == null || recorded.isEmpty() ? Map.of() : writer.creditsElsewhere(recorded);
    }

    private void settle(List<PersisterRound.ShardSettled> settled) {
        for (PersisterRound.ShardSettled shard : settled) {
            // Only after every commit: a crash before this line leaves the entries pending for a reclaim.
            if (!shard.written().isEmpty()) {
                streams[shard.shard()].ack(shard.written());
                schedule.touch(shard.shard());
            }
        }
        for (PersisterRound.ShardSettled shard : settled) {
            // After the acknowledgements, so that a dead-letter stream Redis refuses to grow (memory full) holds back
            // only the rejected entries, which stay pending and are moved at a later reclaim.
            shard.rejected().forEach(rejected -> deadLetter(shard.shard(), rejected));
        }
    }

    /**
     * Entries whose every credit committed, settled on the credit lane's thread that made the last of them. Through
     * this worker's Redis connection, which Lettuce shares safely between threads (no blocking or transactional
     * command is sent on it).
     */
    private void settleCredited(List<EntryAwaitingCredits> entries) {
        Map<Integer, PersisterRound.ShardSettled> byShard = new TreeMap<>();
        for (EntryAwaitingCredits entry : entries) {
            PersisterRound.ShardSettled shard = byShard.computeIfAbsent(
                    entry.shard(),
                    s -> new PersisterRound.ShardSettled(s, new ArrayList<>(), new ArrayList<>(), Map.of()));
            if (entry.rejected() == null) {
                shard.written().add(entry.id());
            } else {
                shard.rejected().add(entry.rejected());
            }
        }
        settle(new ArrayList<>(byShard.values()));
    }

    private void deadLetter(int shard, WritingEntries.Rejected rejected) {
        String stream = streams[shard].key();
        if (deadLetters[shard].move(rejected.id(), rejected.reason())) {
            meters[shard].moved();
            meters[shard].waiting(deadLetters[shard].size());
            log.error(
                    "moved entry {} of {} to {}: {}",
                    rejected.id(),
                    stream,
                    deadLetters[shard].key(),
                    rejected.reason());
        } else {
            log.info("entry {} of {} was settled by another consumer meanwhile", rejected.id(), stream);
        }
    }

    /** NOGROUP: Redis lost the group (flushed or replaced); recreate it from id 0, and the shard is read again. */
    private void failed(int shard, RuntimeException e) {
        if (e instanceof RedisCommandExecutionException
                && String.valueOf(e.getMessage()).startsWith("NOGROUP")) {
            try {
                streams[shard].ensureGroup();
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
        }
        warn(streams[shard].key(), e);
    }

    private void warn(String what, RuntimeException e) {
        if (!running) {
            return;
        }
        if (e instanceof DataAccessException || e instanceof RedisException || e instanceof ReplicaAckFailed) {
            // Redis, a replica or the database unwell: expected, and the message says which.
            log.warn("persister failed on {}, retrying shortly: {}", what, e.toString());
        } else {
            // Anything else is a bug: its trace is what finds it.
            log.warn("persister failed on {}, retrying shortly", what, e);
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
