package io.hongbao.redpacket.infrastructure;

import io.hongbao.account.model.EscrowPayout;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What each packet's escrow still holds ({@code red_packets.escrow_left}), debited in the transaction that writes the
 * escrow's ledger rows: the database itself refuses a payout the escrow does not cover, whatever the stream says.
 */
final class PacketEscrows {

    private final JdbcClient jdbc;

    PacketEscrows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Debits each packet's escrow by what the payouts take from it: one conditional UPDATE per packet, not per payout,
     * in ascending id order (concurrent batches then lock the rows in the same order).
     *
     * @throws EscrowOverdrawn when some escrow does not cover its payouts; the caller's transaction must roll back
     */
    void debit(List<EscrowPayout> payouts) {
        Map<String, Long> byPacket = new TreeMap<>();
        for (EscrowPayout payout : payouts) {
            byPacket.merge(payout.packetId(), payout.amount().value(), Long::sum);
        }
        byPacket.forEach((packet, amount) -> {
            int debited = jdbc.sql(
                            "UPDATE red_packets SET escrow_left = escrow_left - ? WHERE id = ? AND escrow_left >= ?")
                    .params(amount, packet, amount)
                    .update();
            if (debited != 1) {
                throw new EscrowOverdrawn(packet, amount);
            }
        });
    }
}
