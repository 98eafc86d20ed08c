package io.hongbao.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.infrastructure.JdbcEscrowAccounts;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.EscrowPlacement;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.Transactions;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.IntegrationTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The persister's money step: a batch of escrow payouts credited in multi-row statements, on real MariaDB. */
class EscrowPayoutsIT extends IntegrationTest {

    private static final Instant AT = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Transactions transactions;

    @Autowired
    DatabaseShards shards;

    @Autowired
    EscrowPlacement escrows;

    @Test
    void creditsEveryPayeeExactlyOnceOverManyStatementsAndCreatesMissingAccounts() {
        String packet = PacketId.generate().value();
        String escrow = "escrow:" + packet;
        List<EscrowPayout> payouts = new ArrayList<>();
        List<Long> payees = new ArrayList<>();
        // More payees than one statement takes, so the chunking is exercised; every third payee has an account.
        for (int i = 0; i < 450; i++) {
            long user = newUser();
            payees.add(user);
            if (i % 3 == 0) {
                api().deposit(user, 1_000).expectStatus().is2xxSuccessful();
            }
            payouts.add(payout(packet, escrow, user, "grab:" + packet + ":" + user, i + 1));
        }
        // One payee paid twice in the batch (a sender grabbing its own packet, then refunded): both credits land.
        long twice = payees.get(7);
        payouts.add(payout(packet, escrow, twice, "refund:" + packet, 5));
        fundEscrow(packet, 450L * 451 / 2 + 5);

        transactions.inTransaction(() -> {
            new JdbcEscrowAccounts(jdbc, shards, escrows).payOut(payouts);
            return null;
        });

        for (int i = 0; i < payees.size(); i++) {
            long expected = (i % 3 == 0 ? 1_000 : 0) + i + 1 + (payees.get(i) == twice ? 5 : 0);
            assertThat(balanceOf(payees.get(i))).as("balance of payee %d", i).isEqualTo(expected);
        }
        long escrowTotal = jdbc.sql("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account = ?")
                .param(escrow)
                .query(Long.class)
                .single();
        assertThat(escrowTotal).as("escrow after paying out all it held").isZero();
    }

    @Test
    void aRepeatedPayoutRollsBackTheWholeBatchCreditsIncluded() {
        String packet = PacketId.generate().value();
        String escrow = "escrow:" + packet;
        long first = newUser();
        long second = newUser();
        fundEscrow(packet, 30);
        transactions.inTransaction(() -> {
            new JdbcEscrowAccounts(jdbc, shards, escrows)
                    .payOut(List.of(payout(packet, escrow, first, "grab:" + packet + ":1", 10)));
            return null;
        });

        List<EscrowPayout> again = List.of(
                payout(packet, escrow, second, "grab:" + packet + ":2", 20),
                payout(packet, escrow, first, "grab:" + packet + ":1", 10));
        assertThatThrownBy(() -> transactions.inTransaction(() -> {
                    new JdbcEscrowAccounts(jdbc, shards, escrows).payOut(again);
                    return null;
                }))
                .isInstanceOf(DataAccessException.class);

        assertThat(balanceOf(first)).isEqualTo(10);
        assertThat(balanceOf(second)).isZero();
    }

    /** Money comes into the escrow the way a send brings it, so the shared database's audit still balances. */
    private void fundEscrow(String packet, long cents) {
        long sender = newUser();
        api().deposit(sender, cents).expectStatus().is2xxSuccessful();
        boolean funded = transactions.inTransaction(() -> new JdbcEscrowAccounts(jdbc, shards, escrows)
                .fund(UserId.of(sender), Cents.of(cents), "escrow:" + packet, packet, AT));
        assertThat(funded).isTrue();
    }

    /**
     * Payouts of a packet that exists only in the ledger; the kind is REFUNDED because the shared database's audit
     * pairs every GRABBED credit with a grab row, which these have none of (the escrow step does not look at kinds).
     */
    private static EscrowPayout payout(String packet, String escrow, long user, String ref, long cents) {
        return new EscrowPayout(ref, escrow, packet, UserId.of(user), Cents.of(cents), LedgerKind.PACKET_REFUNDED, AT);
    }

    private long balanceOf(long user) {
        return jdbc.sql("SELECT COALESCE(MAX(balance), 0) FROM accounts WHERE user_id = ?")
                .param(user)
                .query(Long.class)
                .single();
    }
}
