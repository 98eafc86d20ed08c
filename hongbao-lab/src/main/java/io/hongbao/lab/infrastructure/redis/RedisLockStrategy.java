package io.hongbao.lab.infrastructure.redis;

import io.hongbao.lab.infrastructure.storage.LabKeys;
import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.infrastructure.storage.LabTables.PacketRow;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.LiveSplitting;
import io.hongbao.platform.db.Transactions;
import io.lettuce.core.RedisURI;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.redisson.Redisson;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * {@code redis-lock}: a Redis lock per packet (Redisson's {@link RLock}, ADR 0030) around a plain database
 * read-modify-write: read the packet row, check the user, split the next share, insert the grab, write back the new
 * remaining amount and count.
 *
 * <p>Trade-off: it moves the queue of waiters from InnoDB to Redis (Redisson waits on a pub/sub message, not by
 * polling), but an attempt still holds its packet for a lock round trip, a database transaction and an unlock round
 * trip, so a hot packet is slower than with {@code db-pessimistic}, not faster. An attempt that cannot get the lock
 * within {@link #LOCK_WAIT} is told "sold out" (an unfair miss).
 *
 * <p>Crash windows: the write-back is correct only while the lock is exclusive. Redisson's watchdog keeps renewing
 * the 30 s lease while the holder's JVM lives; if the holder is paused longer than the lease (a long GC, a frozen VM)
 * or Redis fails over and loses the lock, a second holder reads the same row and one write-back overwrites the other:
 * over-issue. The lock has no fencing token the database could check. A crash of the holder rolls its transaction
 * back and the lease expires, so nothing is lost, but the packet is blocked until then.
 */
public final class RedisLockStrategy implements GrabStrategy {

    public static final String NAME = "redis-lock";
    static final Duration LOCK_WAIT = Duration.ofSeconds(10);

    private final LabTables tables;
    private final Transactions transactions;
    private final RedissonClient redisson;
    private volatile LabRun run;

    public RedisLockStrategy(LabTables tables, Transactions transactions, String redisUrl) {
        this.tables = tables;
        this.transactions = transactions;
        this.redisson = Redisson.create(config(redisUrl));
    }

    private static Config config(String redisUrl) {
        RedisURI uri = RedisURI.create(redisUrl);
        Config config = new Config();
        // A small footprint: the lab machine has 2 cores and the service has its own Lettuce connection.
        config.setNettyThreads(4);
        config.setPassword(password(redisUrl));
        config.useSingleServer()
                .setAddress("redis://" + uri.getHost() + ":" + uri.getPort())
                .setDatabase(uri.getDatabase())
                .setConnectionPoolSize(32)
                .setConnectionMinimumIdleSize(4)
                .setSubscriptionConnectionPoolSize(4)
                .setSubscriptionConnectionMinimumIdleSize(1);
        return config;
    }

    /** The password of a {@code redis://[user:]password@host} URL, or null. */
    private static String password(String redisUrl) {
        String userInfo = URI.create(redisUrl).getUserInfo();
        return userInfo == null ? null : userInfo.substring(userInfo.indexOf(':') + 1);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(LabRun run) {
        tables.insertPackets(NAME, run, false);
        this.run = run;
    }

    @Override
    public LabOutcome grab(long packetId, long userId) {
        RLock lock = redisson.getLock(LabKeys.lock(packetId));
        if (!tryLock(lock)) {
            return LabOutcome.SOLD_OUT; // gave up waiting: the packet may still have shares
        }
        try {
            return transactions.inTransaction(() -> grabHoldingTheLock(packetId, userId));
        } finally {
            lock.unlock(); // after the commit, so the next holder reads what we wrote
        }
    }

    private LabOutcome grabHoldingTheLock(long packetId, long userId) {
        PacketRow packet = tables.packetRow(packetId, false); // no row lock: the Redis lock is the only guard
        if (tables.hasGrab(packetId, userId)) {
            return LabOutcome.ALREADY_GRABBED;
        }
        if (packet.remainingCount() == 0) {
            return LabOutcome.SOLD_OUT;
        }
        long amount = LiveSplitting.nextShare(
                packet.remainingAmount(),
                packet.remainingCount(),
                ThreadLocalRandom.current().nextLong(Long.MAX_VALUE));
        tables.insertGrab(packetId, userId, amount, -1);
        // Absolute values computed in Java: right only while nobody else holds the lock (see the crash windows).
        tables.jdbc()
                .sql("UPDATE lab_packets SET remaining_amount = ?, remaining_count = ? WHERE id = ?")
                .params(packet.remainingAmount() - amount, packet.remainingCount() - 1, packetId)
                .update();
        return new LabOutcome.Granted(amount);
    }

    private static boolean tryLock(RLock lock) {
        try {
            // No lease time: Redisson's watchdog renews the lease while this JVM holds the lock.
            return lock.tryLock(LOCK_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the packet lock", e);
        }
    }

    @Override
    public boolean awaitPersisted(Duration timeout) {
        return true; // synchronous
    }

    @Override
    public LabAudit audit() {
        return new LabAudit(tables.balancesFromPacketRows(run), tables.grabs(run));
    }

    @Override
    public void close() {
        redisson.shutdown();
    }
}
