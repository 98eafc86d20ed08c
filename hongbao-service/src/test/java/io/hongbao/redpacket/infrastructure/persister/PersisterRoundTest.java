package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.lettuce.core.StreamMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;

class PersisterRoundTest {

    private static final String AT = "1790000000000";

    /** A database in memory: one transaction per call, all or nothing; refuses every grab of user 99. */
    private static final class Database implements WritingEntries.EventWrites {
        final List<List<PacketEvent>> transactions = new ArrayList<>();

        @Override
        public int write(List<PacketEvent> events) {
            for (PacketEvent event : events) {
                if (event instanceof PacketEvent.Grab grab && grab.user().value() == 99) {
                    throw new DuplicateKeyException("Duplicate entry for key 'share_once'");
                }
            }
            transactions.add(List.copyOf(events));
            return events.size();
        }
    }

    private final Database database = new Database();

    @Test
    void theEntriesOfSeveralShardsAreWrittenInOneTransactionAndSettledEachOnItsOwnShard() {
        List<PersisterRound.ShardRead> reads =
                List.of(read(3, grant("1-0", "0aaa", 1), grant("2-0", "0aaa", 2)), read(7, grant("5-0", "0bbb", 3)));

        List<PersisterRound.ShardSettled> settled = PersisterRound.write(new WritingEntries(database, 500), reads);

        assertThat(database.transactions).hasSize(1);
        assertThat(database.transactions.get(0)).hasSize(3);
        assertThat(settled)
                .extracting(
                        PersisterRound.ShardSettled::shard,
                        PersisterRound.ShardSettled::written,
                        PersisterRound.ShardSettled::rejected)
                .containsExactly(tuple(3, List.of("1-0", "2-0"), List.of()), tuple(7, List.of("5-0"), List.of()));
        assertThat(settled.get(0).recorded()).containsOnlyKeys("1-0", "2-0");
        assertThat(settled.get(1).recorded().get("5-0")).hasSize(1);
    }

    @Test
    void anEntryRejectedOnOneShardDoesNotSettleAnotherShardsEntryOfTheSameId() {
        List<PersisterRound.ShardRead> reads =
                List.of(read(3, grant("1-0", "0aaa", 1)), read(7, grant("1-0", "0bbb", 99)));

        List<PersisterRound.ShardSettled> settled = PersisterRound.write(new WritingEntries(database, 500), reads);

        assertThat(settled.get(0).written()).containsExactly("1-0");
        assertThat(settled.get(0).rejected()).isEmpty();
        assertThat(settled.get(1).written()).isEmpty();
        assertThat(settled.get(1).rejected()).singleElement().satisfies(rejected -> {
            assertThat(rejected.id()).isEqualTo("1-0");
            assertThat(rejected.reason()).contains("Duplicate entry");
        });
    }

    @Test
    void anUndecodableEntryIsRejectedOnItsOwnShardOnly() {
        StreamMessage<String, String> poison = new StreamMessage<>("s", "1-0", Map.of("k", "grabs", "t", AT, "g", "x"));
        List<PersisterRound.ShardRead> reads =
                List.of(read(3, grant("1-0", "0aaa", 1)), new PersisterRound.ShardRead(7, List.of(poison), false));

        List<PersisterRound.ShardSettled> settled = PersisterRound.write(new WritingEntries(database, 500), reads);

        assertThat(settled.get(0).written()).containsExactly("1-0");
        assertThat(settled.get(1).written()).isEmpty();
        assertThat(settled.get(1).rejected())
                .extracting(WritingEntries.Rejected::id)
                .containsExactly("1-0");
    }

    @SafeVarargs
    private static PersisterRound.ShardRead read(int shard, StreamMessage<String, String>... messages) {
        return new PersisterRound.ShardRead(shard, List.of(messages), false);
    }

    /** A stream entry as grab_packets.lua writes it: one grant "packet:user:amount:seq". */
    private static StreamMessage<String, String> grant(String id, String packet, long user) {
        return new StreamMessage<>(
                "s", id, Map.of("k", "grabs", "t", AT, "g", packet + ":" + user + ":" + (10 * user) + ":" + user));
    }
}
