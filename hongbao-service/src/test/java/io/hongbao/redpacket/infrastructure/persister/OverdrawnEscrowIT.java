package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketIntegrationTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * The database refuses any payout that would take a packet's escrow below zero: the persister's batch fails whole
 * (grabs, refunds and credits of every packet in it), whatever the stream says. Events are written here directly, as
 * the persister would write entries that (by a bug or a lost Redis state) pay out more than was sent.
 */
class OverdrawnEscrowIT extends RedPacketIntegrationTest {

    private static final Instant AT = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    @Autowired
    PacketEventWriter writer;

    @Autowired
    SendingRedPacket sending;

    @Test
    void aBatchPayingOutMoreThanTheEscrowHoldsFailsAndChangesNothing() {
        long sender = newUser();
        long first = newUser();
        long second = newUser();
        PacketId packet = sentButOnlyInTheDatabase(sender, 300, 3);

        List<PacketEvent> tooMuch =
                List.of(grab(packet, first, 0, 100), grab(packet, second, 1, 100), refund(packet, sender, 300));
        assertThatThrownBy(() -> writer.write(tooMuch))
                .as("500 paid out of an escrow of 300")
                .isInstanceOf(EscrowOverdrawn.class)
                .isInstanceOf(DataIntegrityViolationException.class)
                .hasMessageContaining(packet.value());

        assertThat(recordedGrabs(packet)).isZero();
        assertThat(refunded(packet)).isNull();
        assertThat(api().balanceOf(first)).isZero();
        assertThat(api().balanceOf(second)).isZero();
        assertThat(api().balanceOf(sender)).isZero();
        assertThat(escrowInLedger(packet)).isEqualTo(300);

        assertThat(writer.write(List.of(grab(packet, first, 0, 100), refund(packet, sender, 200))))
                .isEqualTo(2);
        assertThat(escrowInLedger(packet)).isZero();
        assertThat(escrowLeft(packet)).isZero();
        assertThat(api().balanceOf(sender)).isEqualTo(200);
    }

    @Test
    void aBatchOverSeveralPacketsDebitsEachPacketsEscrowByItsOwnPayoutsInOneGo() {
        long sender = newUser();
        long grabber = newUser();
        long other = newUser();
        PacketId small = sentButOnlyInTheDatabase(sender, 200, 2);
        PacketId large = sentButOnlyInTheDatabase(sender, 900, 3);

        writer.write(List.of(grab(large, grabber, 0, 300), grab(small, grabber, 0, 100), grab(large, other, 1, 300)));

        assertThat(escrowLeft(small)).isEqualTo(100);
        assertThat(escrowLeft(large)).isEqualTo(300);
        assertThat(api().balanceOf(grabber)).isEqualTo(400);
        assertThat(api().balanceOf(other)).isEqualTo(300);
        // The rest back to the sender, as at expiry: the shared database's audit stays green.
        writer.write(List.of(refund(small, sender, 100), refund(large, sender, 300)));
        assertThat(escrowLeft(small)).isZero();
        assertThat(escrowLeft(large)).isZero();
    }

    @Test
    void aBatchWrittenAgainAfterItWasRecordedPaysNothingTwiceAndRecordsOnlyItsNewGrabs() {
        long sender = newUser();
        long first = newUser();
        long second = newUser();
        PacketId packet = sentButOnlyInTheDatabase(sender, 300, 3);
        writer.write(List.of(grab(packet, first, 0, 100)));

        // A replay of the first grab (its entry reclaimed after a crash) together with a grab never written.
        int fresh = writer.write(List.of(grab(packet, first, 0, 100), grab(packet, second, 1, 100)));

        assertThat(fresh).isEqualTo(1);
        assertThat(recordedGrabs(packet)).isEqualTo(2);
        assertThat(api().balanceOf(first)).isEqualTo(100);
        assertThat(api().balanceOf(second)).isEqualTo(100);
        assertThat(escrowLeft(packet)).isEqualTo(100);
        writer.write(List.of(refund(packet, sender, 100)));
        assertThat(escrowInLedger(packet)).isZero();
    }

    @Test
    void aBatchThatOverdrawsOnePacketWritesNothingForTheOtherPacketsInItEither() {
        long sender = newUser();
        long grabber = newUser();
        PacketId fine = sentButOnlyInTheDatabase(sender, 200, 2);
        PacketId overdrawn = sentButOnlyInTheDatabase(sender, 200, 2);
        writer.write(List.of(grab(overdrawn, grabber, 0, 100)));

        // The refund of the whole total comes after a grab was already paid out of the same escrow.
        List<PacketEvent> batch = List.of(grab(fine, grabber, 0, 100), refund(overdrawn, sender, 200));
        assertThatThrownBy(() -> writer.write(batch))
                .isInstanceOf(DataIntegrityViolationException.class)
                .hasMessageContaining(overdrawn.value());

        assertThat(recordedGrabs(fine)).isZero();
        assertThat(refunded(overdrawn)).isNull();
        assertThat(api().balanceOf(grabber)).isEqualTo(100);
        assertThat(escrowLeft(fine)).isEqualTo(200);
        assertThat(escrowLeft(overdrawn)).isEqualTo(100);

        // What the stream should have said: both packets then add up (the shared database's audit stays green).
        writer.write(List.of(grab(fine, grabber, 0, 100), refund(fine, sender, 100), refund(overdrawn, sender, 100)));
        assertThat(escrowInLedger(fine)).isZero();
        assertThat(escrowInLedger(overdrawn)).isZero();
        assertThat(escrowLeft(fine)).isZero();
        assertThat(escrowLeft(overdrawn)).isZero();
    }

    private PacketId sentButOnlyInTheDatabase(long sender, long total, int count) {
        return new DatabaseOnlyPackets(api(), sending, jdbc).sent(sender, total, count);
    }

    private static PacketEvent grab(PacketId packet, long user, int seq, long amount) {
        return DatabaseOnlyPackets.grab(packet, user, seq, amount, AT);
    }

    private static PacketEvent refund(PacketId packet, long sender, long amount) {
        return DatabaseOnlyPackets.refund(packet, sender, amount, AT);
    }

    private long recordedGrabs(PacketId packet) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(packet.value())
                .query(Long.class)
                .single();
    }

    private Long refunded(PacketId packet) {
        return jdbc.sql("SELECT refunded_amount FROM red_packets WHERE id = ?")
                .param(packet.value())
                .query(Long.class)
                .optional()
                .orElse(null);
    }

    private long escrowInLedger(PacketId packet) {
        return jdbc.sql("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account = ?")
                .param(packet.escrowAccount())
                .query(Long.class)
                .single();
    }

    private long escrowLeft(PacketId packet) {
        return new DatabaseOnlyPackets(api(), sending, jdbc).escrowLeft(packet);
    }
}
