package io.hongbao.lab.infrastructure.db;

import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.infrastructure.storage.LabTables.PacketRow;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.LiveSplitting;
import io.hongbao.platform.db.Transactions;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code db-pessimistic}: the database alone, with a row lock. One transaction per attempt reads the packet row with
 * {@code SELECT ... FOR UPDATE}, checks the user, splits the next share from the remaining amount and count, inserts
 * the grab and decrements the packet.
 *
 * <p>Trade-off: obviously correct, and the grant and its record commit together. But every attempt on a packet, even
 * one that ends "sold out", queues on that packet's row lock for a whole round trip plus a commit (an fsync with
 * {@code innodb_flush_log_at_trx_commit=1}), so a hot packet runs at the speed of one disk flush after another and
 * holds a pooled connection while it waits.
 *
 * <p>Crash window: none for money. A crash before the commit rolls everything back and the user was not told
 * "granted"; a crash after the commit but before the answer leaves a recorded grant the user learns of on retry
 * ("already grabbed").
 */
public final class DbPessimisticStrategy implements GrabStrategy {

    public static final String NAME = "db-pessimistic";

    private final LabTables tables;
    private final Transactions transactions;
    private volatile LabRun run;

    public DbPessimisticStrategy(LabTables tables, Transactions transactions) {
        this.tables = tables;
        this.transactions = transactions;
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
        return transactions.inTransaction(() -> {
            PacketRow packet = tables.packetRow(packetId, true);
            // From here to the commit every other attempt on this packet waits on the row lock, so neither the
            // remaining amount nor the user check below can go stale before we write.
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
            tables.jdbc()
                    .sql("UPDATE lab_packets SET remaining_amount = remaining_amount - ?,"
                            + " remaining_count = remaining_count - 1 WHERE id = ?")
                    .params(amount, packetId)
                    .update();
            return new LabOutcome.Granted(amount);
        });
    }

    @Override
    public boolean awaitPersisted(Duration timeout) {
        return true; // synchronous: a grant is answered only after its commit
    }

    @Override
    public LabAudit audit() {
        return new LabAudit(tables.balancesFromPacketRows(run), tables.grabs(run));
    }

    @Override
    public void close() {}
}
