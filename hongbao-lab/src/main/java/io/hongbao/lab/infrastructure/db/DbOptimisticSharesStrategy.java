package io.hongbao.lab.infrastructure.db;

import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.platform.db.Transactions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.dao.DuplicateKeyException;

/**
 * {@code db-optimistic-shares}: the shares are rows, split when the packet is made. An attempt lists the shares
 * nobody has taken, picks one at random and claims it with {@code UPDATE ... WHERE user_id IS NULL}, inserting the
 * grab in the same transaction. If someone claimed that share first, the attempt lists again and picks another.
 *
 * <p>Trade-off: contention spreads over many rows instead of one, and picking at random makes two concurrent
 * attempts rarely want the same share; every conflict means someone else got a share, so the retries always make
 * progress and "sold out" is only said when no free share was seen (no unfair misses). The cost is a read of the
 * free shares per try and one row per share.
 *
 * <p>Crash window: none for money (the claim and the grab row commit together).
 */
public final class DbOptimisticSharesStrategy implements GrabStrategy {

    public static final String NAME = "db-optimistic-shares";

    /** A safety net only: each failed claim means another attempt took a share, so tries run out with the shares. */
    private static final int MAX_TRIES = 1_000;

    private final LabTables tables;
    private final Transactions transactions;
    private volatile LabRun run;

    public DbOptimisticSharesStrategy(LabTables tables, Transactions transactions) {
        this.tables = tables;
        this.transactions = transactions;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(LabRun run) {
        tables.insertPackets(NAME, run, true);
        this.run = run;
    }

    @Override
    public LabOutcome grab(long packetId, long userId) {
        if (tables.hasGrab(packetId, userId)) {
            return LabOutcome.ALREADY_GRABBED;
        }
        for (int attempt = 1; attempt <= MAX_TRIES; attempt++) {
            List<FreeShare> free = freeShares(packetId);
            if (free.isEmpty()) {
                return LabOutcome.SOLD_OUT;
            }
            FreeShare pick = free.get(ThreadLocalRandom.current().nextInt(free.size()));
            try {
                if (tryClaim(packetId, userId, pick)) {
                    return new LabOutcome.Granted(pick.amount());
                }
            } catch (DuplicateKeyException sameUserConcurrently) {
                return LabOutcome.ALREADY_GRABBED; // the rollback freed the share we had claimed
            }
        }
        return LabOutcome.SOLD_OUT;
    }

    private List<FreeShare> freeShares(long packetId) {
        return tables.jdbc()
                .sql("SELECT share_index, amount FROM lab_shares WHERE packet_id = ? AND user_id IS NULL")
                .param(packetId)
                .query((rs, row) -> new FreeShare(rs.getInt("share_index"), rs.getLong("amount")))
                .list();
    }

    private boolean tryClaim(long packetId, long userId, FreeShare share) {
        return transactions.inTransaction(() -> {
            int claimed = tables.jdbc()
                    .sql(
                            "UPDATE lab_shares SET user_id = ? WHERE packet_id = ? AND share_index = ? AND user_id IS NULL")
                    .params(userId, packetId, share.index())
                    .update();
            if (claimed == 0) {
                return false; // taken since we listed it
            }
            tables.insertGrab(packetId, userId, share.amount(), share.index());
            return true;
        });
    }

    @Override
    public boolean awaitPersisted(Duration timeout) {
        return true; // synchronous
    }

    @Override
    public LabAudit audit() {
        return new LabAudit(tables.balancesFromShareRows(run), tables.grabs(run));
    }

    @Override
    public void close() {}

    private record FreeShare(int index, long amount) {}
}
