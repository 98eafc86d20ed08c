package io.hongbao.redpacket.infrastructure.persister;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.platform.collections.Chunks;
import io.hongbao.platform.db.Transactions;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.model.PacketShards;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Writes a batch of stream events of one packet database in ONE transaction there (and, for payees on other
 * databases, one more transaction on each of theirs), idempotently: a grab already recorded (a replayed or reclaimed
 * entry) and a refund already made are skipped, and only what this transaction newly records moves money. If two
 * consumers write the same entries at once, one of them hits a unique key, rolls back and retries, then skips them.
 * A batch that would pay more out of a packet's escrow than it holds fails whole with {@link EscrowOverdrawn}.
 */
public final class PacketEventWriter {

    private static final int ROWS_PER_STATEMENT = 500;

    private final OnDatabase[] databases;
    private final PacketShards shards;

    /**
     * What a transaction on one database writes with: statements that join its transactions, and the escrow accounts
     * writing through those same statements. In production each database's own pool, beside the sharding layer (ADR
     * 0099): every row a transaction here writes is placed on that database, so nothing needs routing.
     */
    public record Database(JdbcClient jdbc, Transactions transactions, EscrowAccounts escrow) {}

    /** @param databases each database shard's means of writing, by shard */
    public PacketEventWriter(IntFunction<Database> databases, PacketShards shards) {
        this.databases = new OnDatabase[shards.databases().count()];
        for (int shard = 0; shard < this.databases.length; shard++) {
            this.databases[shard] = new OnDatabase(databases.apply(shard));
        }
        this.shards = shards;
    }

    /**
     * Returns how many events were new (the rest had been written before).
     *
     * <p>Two steps when payees are on other databases than the packets (ADR 0084): first the grabs are recorded and
     * the escrows debited on the packets' database, the money for payees elsewhere put in transit; then each payee
     * database credits its payees out of transit, one transaction each. The second step runs only after the first
     * committed, so no payee is ever credited with money still in escrow; a crash between them leaves the entries
     * unacknowledged, and the replay, finding the grabs recorded, redoes only the credits not yet made.
     *
     * @throws EscrowOverdrawn when the new payouts of some packet exceed what its escrow holds (nothing is written)
     */
    public int write(List<PacketEvent> events) {
        int written = record(events);
        creditsElsewhere(events).values().forEach(this::receive);
        return written;
    }

    /**
     * The first step alone, in one transaction on the packets' database: the grabs recorded, the escrows debited, the
     * refunds made; payees elsewhere are paid into transit, to be credited by {@link #receive}.
     *
     * @return how many events were new
     * @throws EscrowOverdrawn when the new payouts of some packet exceed what its escrow holds (nothing is written)
     */
    public int record(List<PacketEvent> events) {
        if (events.isEmpty()) {
            return 0;
        }
        OnDatabase database = databaseOfPackets(events);
        try {
            // Nearly always none of the grabs is recorded yet: insert them without looking first (no read before the
            // write, ADR 0082). A grab recorded already fails the insert on its unique key, and nothing stays written.
            return database.transactions.inTransaction(() -> database.record(events, distinctGrabs(events)));
        } catch (DuplicateKeyException recordedAlready) {
            // A replay (a reclaimed entry, a crash before the acknowledgement) or another consumer writing the same
            // entries: this time skip what is recorded.
            return database.transactions.inTransaction(
                    () -> database.record(events, database.unrecorded(distinctGrabs(events))));
        }
    }

    /**
     * The one database of the events' packets: the rows of a transaction sent there without routing must all be placed
     * there (ADR 0099), so events of two databases are refused before anything is written.
     *
     * @throws IllegalArgumentException when the packets are on more than one database
     */
    private OnDatabase databaseOfPackets(List<PacketEvent> events) {
        String first = events.get(0).packet().value();
        int database = shards.databaseShardOf(first);
        String checked = first;
        for (PacketEvent event : events) {
            String packet = event.packet().value();
            // Events of one packet come together in a round: one hash per packet, not per event.
            if (!packet.equals(checked)) {
                if (shards.databaseShardOf(packet) != database) {
                    throw new IllegalArgumentException("one transaction writes one database, but packets " + first
                            + " and " + packet + " are on databases " + database + " and "
                            + shards.databaseShardOf(packet));
                }
                checked = packet;
            }
        }
        return databases[database];
    }

    /** The one database of the payees, whose transaction credits them there (ADR 0099). */
    private OnDatabase databaseOfPayees(List<EscrowPayout> payouts) {
        int database = shards.databases().ofUser(payouts.get(0).payee().value());
        for (EscrowPayout payout : payouts) {
            if (shards.databases().ofUser(payout.payee().value()) != database) {
                throw new IllegalArgumentException("one transaction writes one database, but payees "
                        + payouts.get(0).payee().value() + " and "
                        + payout.payee().value() + " are on two");
            }
        }
        return databases[database];
    }

    /**
     * What the second step credits, by payee database: every payout of the events whose payee is on another database
     * than the packet, recorded by this write or by an earlier one of the same entries, to be credited there unless it
     * is already ({@link #receive}). Call it only with events whose first step committed. A refund is paid there only
     * if some refund event closed its packet ({@code refund:<packet>} is one transfer however many events carry it);
     * packets are placed with their senders (ADR 0084), so refunds stay on one database anyway. Empty with one
     * database.
     */
    public Map<Integer, List<EscrowPayout>> creditsElsewhere(List<PacketEvent> events) {
        Map<Integer, List<EscrowPayout>> byDatabase = new TreeMap<>();
        if (shards.databases().count() == 1) {
            // One database: every payee was paid in the first step, and nothing is in transit. Skipping the loop
            // below spares the persister a payout and a packet-id hash per grab.
            return byDatabase;
        }
        List<EscrowPayout> payouts = new ArrayList<>();
        distinctGrabs(events).forEach(grab -> payouts.add(payout(grab)));
        for (PacketEvent event : events) {
            if (event instanceof PacketEvent.Refund refund && refund.amount() > 0) {
                payouts.add(payout(refund));
            }
        }
        for (EscrowPayout payout : payouts) {
            if (!shards.together(payout.payee().value(), payout.packetId())) {
                byDatabase
                        .computeIfAbsent(
                                shards.databases().ofUser(payout.payee().value()), db -> new ArrayList<>())
                        .add(payout);
            }
        }
        return byDatabase;
    }

    /**
     * The second step on one payee database, one transaction: the payouts' money out of transit into the payees'
     * balances. Idempotent: a payout credited already hits the ledger's unique key, and the retry credits only those
     * not yet made.
     */
    public void receive(List<EscrowPayout> inTransit) {
        if (inTransit.isEmpty()) {
            return;
        }
        OnDatabase database = databaseOfPayees(inTransit);
        try {
            database.transactions.inTransaction(() -> {
                database.escrow.receive(inTransit);
                return null;
            });
        } catch (DuplicateKeyException receivedAlready) {
            database.transactions.inTransaction(() -> {
                database.escrow.receive(database.escrow.notReceived(inTransit));
                return null;
            });
        }
    }

    private static EscrowPayout payout(PacketEvent.Grab grab) {
        return new EscrowPayout(
                "grab:" + grab.packet().value() + ":" + grab.user().value(),
                grab.packet().escrowAccount(),
                grab.packet().value(),
                grab.user(),
                Cents.of(grab.amount()),
                LedgerKind.PACKET_GRABBED,
                grab.at());
    }

    private static EscrowPayout payout(PacketEvent.Refund refund) {
        return new EscrowPayout(
                "refund:" + refund.packet().value(),
                refund.packet().escrowAccount(),
                refund.packet().value(),
                refund.sender(),
                Cents.of(refund.amount()),
                LedgerKind.PACKET_REFUNDED,
                refund.at());
    }

    /** The grabs of the batch, each (packet, user) once. */
    private static List<PacketEvent.Grab> distinctGrabs(List<PacketEvent> events) {
        Map<String, PacketEvent.Grab> byKey = new LinkedHashMap<>();
        for (PacketEvent event : events) {
            if (event instanceof PacketEvent.Grab grab) {
                byKey.putIfAbsent(key(grab.packet().value(), grab.user().value()), grab);
            }
        }
        return new ArrayList<>(byKey.values());
    }

    private static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    private static String key(String packet, long user) {
        return packet + "/" + user;
    }

    /** One database's statements, transactions and escrow accounts, and a round's work there. */
    private static final class OnDatabase {

        private final JdbcClient jdbc;
        private final Transactions transactions;
        private final EscrowAccounts escrow;
        private final PacketEscrows escrowsLeft;

        OnDatabase(Database database) {
            this.jdbc = database.jdbc();
            this.transactions = database.transactions();
            this.escrow = database.escrow();
            this.escrowsLeft = new PacketEscrows(database.jdbc());
        }

        /**
         * One transaction's work: inserts {@code grabs} (none of them recorded yet, or the insert fails), pays them
         * out, closes the refunded packets once.
         */
        private int record(List<PacketEvent> events, List<PacketEvent.Grab> grabs) {
            insertGrabs(grabs);
            List<EscrowPayout> payouts = new ArrayList<>();
            grabs.forEach(grab -> payouts.add(payout(grab)));
            int refunds = 0;
            for (PacketEvent event : events) {
                if (event instanceof PacketEvent.Refund refund && closeOnce(refund)) {
                    refunds++;
                    if (refund.amount() > 0) {
                        payouts.add(payout(refund));
                    }
                }
            }
            escrowsLeft.debit(payouts);
            escrow.payOut(payouts);
            return grabs.size() + refunds;
        }

        /** Of {@code grabs}, those not yet in the database. */
        private List<PacketEvent.Grab> unrecorded(List<PacketEvent.Grab> grabs) {
            Map<String, PacketEvent.Grab> byKey = new LinkedHashMap<>();
            grabs.forEach(
                    grab -> byKey.put(key(grab.packet().value(), grab.user().value()), grab));
            if (byKey.isEmpty()) {
                return List.of();
            }
            Set<String> packets = new HashSet<>();
            byKey.values().forEach(g -> packets.add(g.packet().value()));
            Set<Long> users = new HashSet<>();
            byKey.values().forEach(g -> users.add(g.user().value()));
            List<Object> params = new ArrayList<>(packets);
            params.addAll(users);
            // A superset query on the (packet_id, user_id) unique index, filtered exactly in Java.
            jdbc.sql("SELECT packet_id, user_id FROM packet_grabs WHERE packet_id IN (" + placeholders(packets.size())
                            + ") AND user_id IN (" + placeholders(users.size()) + ")")
                    .params(params)
                    .query((rs, row) -> key(rs.getString(1), rs.getLong(2)))
                    .list()
                    .forEach(byKey::remove);
            return new ArrayList<>(byKey.values());
        }

        private void insertGrabs(List<PacketEvent.Grab> grabs) {
            for (List<PacketEvent.Grab> chunk : Chunks.of(grabs, ROWS_PER_STATEMENT)) {
                List<Object> params = new ArrayList<>(chunk.size() * 5);
                for (PacketEvent.Grab g : chunk) {
                    params.add(g.packet().value());
                    params.add(g.seq());
                    params.add(g.user().value());
                    params.add(g.amount());
                    params.add(toSql(g.at()));
                }
                jdbc.sql("INSERT INTO packet_grabs (packet_id, seq, user_id, amount, grabbed_at) VALUES "
                                + String.join(", ", Collections.nCopies(chunk.size(), "(?, ?, ?, ?, ?)")))
                        .params(params)
                        .update();
            }
        }

        /** The unique "refunded once" step: only the first refund event of a packet closes it. */
        private boolean closeOnce(PacketEvent.Refund refund) {
            return jdbc.sql("UPDATE red_packets SET refunded_amount = ?, refunded_at = ?"
                                    + " WHERE id = ? AND refunded_amount IS NULL")
                            .params(
                                    refund.amount(),
                                    toSql(refund.at()),
                                    refund.packet().value())
                            .update()
                    == 1;
        }
    }
}
