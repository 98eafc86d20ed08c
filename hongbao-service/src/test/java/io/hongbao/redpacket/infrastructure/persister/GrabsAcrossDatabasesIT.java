package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.infrastructure.JdbcEscrowAccounts;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.UserId;
import io.hongbao.audit.infrastructure.MoneyConservationCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.Transactions;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.support.RedPacketIntegrationTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.TransientDataAccessResourceException;

/**
 * A grab whose grabber's account is on another database than the packet (ADR 0084), written by the persister's writer
 * as if the system of record had two databases. Both "databases" are the test's one here, which changes nothing for
 * the writer: it decides the steps by {@link PacketShards} alone, and the legs show which step ran.
 */
class GrabsAcrossDatabasesIT extends RedPacketIntegrationTest {

    private static final Instant AT = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    @Autowired
    SendingRedPacket sending;

    @Autowired
    Transactions transactions;

    @Autowired
    EachDatabase databases;

    @Test
    void aGrabberOnAnotherDatabaseIsPaidOutOfTransitAndEachStepsLegsSumToZero() {
        PacketShards two = new PacketShards(keys.shards(), new DatabaseShards(2));
        long sender = newUser();
        PacketId packet = sentButOnlyInTheDatabase(sender, 300, 3);
        long away = userOn(1 - two.databaseShardOf(packet.value()), two);
        long here = userOn(two.databaseShardOf(packet.value()), two);

        writer(two, escrowAccounts(two)).write(List.of(grab(packet, away, 0, 100), grab(packet, here, 1, 100)));

        assertThat(api().balanceOf(away)).isEqualTo(100);
        assertThat(api().balanceOf(here)).isEqualTo(100);
        String awayRef = "grab:" + packet.value() + ":" + away;
        assertThat(legs(awayRef))
                .as("step 1 on the packet's database, step 2 on the grabber's")
                .containsExactlyInAnyOrder(
                        packet.escrowAccount() + " -100",
                        "transit:" + packet.escrowAccount() + " 100",
                        "transit:user:" + away + " -100",
                        "user:" + away + " 100");
        assertThat(legs("grab:" + packet.value() + ":" + here))
                .as("a grabber on the packet's database is paid in step 1")
                .containsExactlyInAnyOrder(packet.escrowAccount() + " -100", "user:" + here + " 100");
        assertThat(inTransit()).isZero();
        refundTheRest(packet, sender, 100);
    }

    @Test
    void aCrashBetweenTheStepsLeavesTheMoneyInFlightAndTheReplayCreditsItExactlyOnce() {
        PacketShards two = new PacketShards(keys.shards(), new DatabaseShards(2));
        long sender = newUser();
        PacketId packet = sentButOnlyInTheDatabase(sender, 500, 5);
        long away = userOn(1 - two.databaseShardOf(packet.value()), two);
        List<PacketEvent> entry = List.of(grab(packet, away, 0, 100));
        AtomicInteger receives = new AtomicInteger();
        PacketEventWriter crashing = writer(two, new FailingFirstReceive(escrowAccounts(two), receives));

        assertThatThrownBy(() -> crashing.write(entry)).isInstanceOf(TransientDataAccessResourceException.class);

        assertThat(api().balanceOf(away)).as("not credited yet").isZero();
        assertThat(escrowLeft(packet)).as("the escrow debited in step 1").isEqualTo(400);
        assertThat(inTransit()).isEqualTo(100);
        AuditResult conservation = new MoneyConservationCheck(databases).run();
        assertThat(conservation.ok()).as(conservation.detail()).isTrue();
        assertThat(conservation.detail()).contains("in flight 100");

        // The entry was not acknowledged: the persister writes it again, once, twice.
        assertThat(crashing.write(entry)).as("step 1 finds the grab recorded").isZero();
        crashing.write(entry);

        assertThat(api().balanceOf(away)).isEqualTo(100);
        assertThat(escrowLeft(packet)).isEqualTo(400);
        assertThat(inTransit()).isZero();
        assertThat(legs("grab:" + packet.value() + ":" + away)).hasSize(4);
        refundTheRest(packet, sender, 400);
    }

    private PacketEventWriter writer(PacketShards shards, EscrowAccounts escrow) {
        // Both "databases" are the one the test runs on: the writer's choice of database is not what is tested here.
        return new PacketEventWriter(database -> new PacketEventWriter.Database(jdbc, transactions, escrow), shards);
    }

    private EscrowAccounts escrowAccounts(PacketShards shards) {
        return new JdbcEscrowAccounts(jdbc, shards.databases(), shards::databaseShardOf);
    }

    /** Step 2 fails the first time, as when the grabber's database is away or the process dies after step 1. */
    private record FailingFirstReceive(EscrowAccounts delegate, AtomicInteger receives) implements EscrowAccounts {
        @Override
        public boolean fund(UserId sender, Cents amount, String escrowAccount, String packetId, Instant at) {
            return delegate.fund(sender, amount, escrowAccount, packetId, at);
        }

        @Override
        public void payOut(List<EscrowPayout> payouts) {
            delegate.payOut(payouts);
        }

        @Override
        public void receive(List<EscrowPayout> inTransit) {
            if (receives.getAndIncrement() == 0) {
                throw new TransientDataAccessResourceException("the grabber's database is away");
            }
            delegate.receive(inTransit);
        }

        @Override
        public List<EscrowPayout> notReceived(List<EscrowPayout> inTransit) {
            return delegate.notReceived(inTransit);
        }
    }

    private static long userOn(int database, PacketShards shards) {
        long user = newUser();
        while (shards.databases().ofUser(user) != database) {
            user = newUser();
        }
        return user;
    }

    private PacketId sentButOnlyInTheDatabase(long sender, long total, int count) {
        return new DatabaseOnlyPackets(api(), sending, jdbc).sent(sender, total, count);
    }

    /** The rest back to the sender, as at expiry: the shared database's audit stays green. */
    private void refundTheRest(PacketId packet, long sender, long rest) {
        PacketShards one = new PacketShards(keys.shards(), new DatabaseShards(1));
        writer(one, escrowAccounts(one))
                .write(List.of(new PacketEvent.Refund("0-2", packet, UserId.of(sender), rest, AT)));
        assertThat(escrowLeft(packet)).isZero();
    }

    private static PacketEvent grab(PacketId packet, long user, int seq, long amount) {
        return DatabaseOnlyPackets.grab(packet, user, seq, amount, AT);
    }

    private List<String> legs(String transferRef) {
        return jdbc.sql("SELECT account, amount FROM ledger_entries WHERE transfer_ref = ?")
                .param(transferRef)
                .query((rs, row) -> rs.getString(1) + " " + rs.getLong(2))
                .list();
    }

    private long inTransit() {
        return jdbc.sql("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account LIKE 'transit:%'")
                .query(Long.class)
                .single();
    }

    private long escrowLeft(PacketId packet) {
        return new DatabaseOnlyPackets(api(), sending, jdbc).escrowLeft(packet);
    }
}
