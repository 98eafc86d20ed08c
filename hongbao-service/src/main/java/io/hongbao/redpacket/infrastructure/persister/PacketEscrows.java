package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.account.model.EscrowPayout;
import io.hongbao.platform.collections.Chunks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What each packet's escrow still holds ({@code red_packets.escrow_left}), debited in the transaction that writes the
 * escrow's ledger rows: the database itself refuses a payout the escrow does not cover, whatever the stream says.
 */
final class PacketEscrows {

    /** Packets per statement: four parameters each, far below the driver's limit. */
    private static final int PACKETS_PER_STATEMENT = 200;

    private final JdbcClient jdbc;

    PacketEscrows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Debits each packet's escrow by what the payouts take from it: one conditional UPDATE for all the packets of a
     * batch (ADR 0082), not one per packet, matching the packets by primary key in ascending order (concurrent
     * batches then lock the rows in the same order). A packet whose escrow does not cover its payouts matches no row,
     * so fewer rows than packets means an overdraft.
     *
     * @throws EscrowOverdrawn when some escrow does not cover its payouts; the caller's transaction must roll back
     */
    void debit(List<EscrowPayout> payouts) {
        Map<String, Long> byPacket = new TreeMap<>();
        for (EscrowPayout payout : payouts) {
            byPacket.merge(payout.packetId(), payout.amount().value(), Long::sum);
        }
        for (List<Map.Entry<String, Long>> chunk :
                Chunks.of(new ArrayList<>(byPacket.entrySet()), PACKETS_PER_STATEMENT)) {
            debitAll(chunk);
        }
    }

    private void debitAll(List<Map.Entry<String, Long>> packets) {
        // The WHERE clause reads escrow_left before the SET changes it: a row matches only if it covers its amount.
        String amountOfRow = "CASE id" + " WHEN ? THEN ?".repeat(packets.size()) + " END";
        List<Object> params = new ArrayList<>(packets.size() * 5);
        addCases(params, packets);
        packets.forEach(packet -> params.add(packet.getKey()));
        addCases(params, packets);
        int debited = jdbc.sql("UPDATE red_packets SET escrow_left = escrow_left - " + amountOfRow + " WHERE id IN ("
                        + String.join(", ", Collections.nCopies(packets.size(), "?")) + ") AND escrow_left >= "
                        + amountOfRow)
                .params(params)
                .update();
        if (debited != packets.size()) {
            throw new EscrowOverdrawn(packets.stream().map(Map.Entry::getKey).toList());
        }
    }

    private static void addCases(List<Object> params, List<Map.Entry<String, Long>> packets) {
        for (Map.Entry<String, Long> packet : packets) {
            params.add(packet.getKey());
            params.add(packet.getValue());
        }
    }
}
