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
import org.springframework.dao.DuplicateKeyException;

/**
 * {@code db-optimistic-version}: read the packet row without a lock, split the next share from what it says, then
 * write with {@code UPDATE ... WHERE id = ? AND version = ?} and insert the grab in one short transaction. If another
 * attempt changed the row in between, the update touches no row and the attempt starts over, at most
 * {@value #MAX_TRIES} times.
 *
 * <p>Trade-off: no lock is held while computing, and on a quiet packet it costs about as much as the pessimistic
 * way. On a hot packet most attempts lose the race: every winner invalidates all concurrent readers, so work is
 * thrown away, and an attempt that spends its tries is told "sold out" while shares remain: the lab's
 * {@code unfairMisses}. Raising the bound trades that unfairness for more wasted round trips.
 *
 * <p>Crash window: none for money (the version check, the decrement and the grab row commit together).
 */
public final class DbOptimisticVersionStrategy implements GrabStrategy {

    public static final String NAME = "db-optimistic-version";
    static final int MAX_TRIES = 3;

    private final LabTables tables;
    private final Transactions transactions;
    private volatile LabRun run;

    public DbOptimisticVersionStrategy(LabTables tables, Transactions transactions) {
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
        if (tables.hasGrab(packetId, userId)) {
            return LabOutcome.ALREADY_GRABBED;
        }
        for (int attempt = 1; attempt <= MAX_TRIES; attempt++) {
            PacketRow packet = tables.packetRow(packetId, false);
            if (packet.remainingCount() == 0) {
                return LabOutcome.SOLD_OUT;
            }
            long amount = LiveSplitting.nextShare(
                    packet.remainingAmount(),
                    packet.remainingCount(),
                    ThreadLocalRandom.current().nextLong(Long.MAX_VALUE));
            try {
                if (tryWrite(packetId, userId, amount, packet.version())) {
                    return new LabOutcome.Granted(amount);
                }
            } catch (DuplicateKeyException sameUserConcurrently) {
                // The user's other attempt won between our check and our insert; the rollback undid our decrement.
                return LabOutcome.ALREADY_GRABBED;
            }
        }
        return LabOutcome.SOLD_OUT; // gave up: shares may well remain (an unfair miss)
    }

    private boolean tryWrite(long packetId, long userId, long amount, long version) {
        return transactions.inTransaction(() -> {
            int updated = tables.jdbc()
                    .sql("UPDATE lab_packets SET remaining_amount = remaining_amount - ?,"
                            + " remaining_count = remaining_count - 1, version = version + 1"
                            + " WHERE id = ? AND version = ?")
                    .params(amount, packetId, version)
                    .update();
            if (updated == 0) {
                return false; // someone else wrote first: our split was based on a stale row
            }
            tables.insertGrab(packetId, userId, amount, -1);
            return true;
        });
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
    public void close() {}
}
