package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The writer sends a round's statements to one database without routing (ADR 0099), so it must refuse a round whose
 * packets are not all placed there before it writes anything. The writing itself is tested against MariaDB
 * ({@link GrabsAcrossDatabasesIT}, {@code ShardedIT}).
 */
class PacketEventWriterTest {

    private static final Instant AT = Instant.parse("2026-11-29T00:00:00Z");
    private final PacketShards shards = new PacketShards(64, new DatabaseShards(2));
    private final List<Integer> databasesAsked = new ArrayList<>();
    // No statement may run: a writer that wrote before refusing would fail on the missing client, not refuse.
    private final PacketEventWriter writer = new PacketEventWriter(
            database -> {
                databasesAsked.add(database);
                return new PacketEventWriter.Database(null, null, null);
            },
            shards);

    @Test
    void refusesARoundWhosePacketsAreOnTwoDatabasesBeforeWritingAnything() {
        PacketId here = packetOn(0);
        PacketId there = packetOn(1);
        List<PacketEvent> round = List.of(grab(here, 1), grab(here, 2), grab(there, 3));

        assertThatThrownBy(() -> writer.record(round))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(here.value())
                .hasMessageContaining(there.value());
    }

    @Test
    void anEmptyRoundWritesNothingAndAsksNoDatabase() {
        assertThat(writer.record(List.of())).isZero();
        assertThat(databasesAsked).as("one writer per database, made up front").containsExactly(0, 1);
    }

    private PacketId packetOn(int database) {
        PacketId packet = PacketId.generate();
        while (shards.databaseShardOf(packet.value()) != database) {
            packet = PacketId.generate();
        }
        return packet;
    }

    private static PacketEvent grab(PacketId packet, long user) {
        return new PacketEvent.Grab("0-" + user, packet, UserId.of(user), (int) user, 100, AT);
    }
}
