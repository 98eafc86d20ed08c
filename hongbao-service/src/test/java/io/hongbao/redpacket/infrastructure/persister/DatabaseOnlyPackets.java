package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.SendOutcome;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.hongbao.support.Api;
import java.time.Duration;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Packets for tests that write the persister's events themselves: sent (the sender debited into the escrow) and
 * marked published, but absent from Redis, so the recovery worker leaves them alone (published, not expired) and only
 * the test's events touch them.
 */
final class DatabaseOnlyPackets {

    private final Api api;
    private final SendingRedPacket sending;
    private final JdbcClient jdbc;

    DatabaseOnlyPackets(Api api, SendingRedPacket sending, JdbcClient jdbc) {
        this.api = api;
        this.sending = sending;
        this.jdbc = jdbc;
    }

    PacketId sent(long sender, long total, int count) {
        api.deposit(sender, total).expectStatus().isOk();
        SendOutcome outcome = sending.send(new SendRedPacketCommand(
                UserId.of(sender), Cents.of(total), count, PacketType.EQUAL, "", Duration.ofHours(1), null));
        assertThat(outcome).isInstanceOf(SendOutcome.Sent.class);
        PacketId id = ((SendOutcome.Sent) outcome).state().packet().id();
        jdbc.sql("UPDATE red_packets SET published = 1 WHERE id = ?")
                .param(id.value())
                .update();
        return id;
    }

    long escrowLeft(PacketId packet) {
        return jdbc.sql("SELECT escrow_left FROM red_packets WHERE id = ?")
                .param(packet.value())
                .query(Long.class)
                .single();
    }

    static PacketEvent grab(PacketId packet, long user, int seq, long amount, Instant at) {
        return new PacketEvent.Grab("0-1", packet, UserId.of(user), seq, amount, at);
    }

    static PacketEvent refund(PacketId packet, long sender, long amount, Instant at) {
        return new PacketEvent.Refund("0-2", packet, UserId.of(sender), amount, at);
    }
}
