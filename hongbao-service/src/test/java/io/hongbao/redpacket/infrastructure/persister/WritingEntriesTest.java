package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.infrastructure.persister.WritingEntries.Rejected;
import io.hongbao.redpacket.infrastructure.streams.DecodedEntry;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.model.PacketId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

class WritingEntriesTest {

    private static final PacketId P = new PacketId("0abc");
    private static final Instant AT = Instant.ofEpochMilli(1_790_000_000_000L);

    /** A database in memory: one transaction per call, all or nothing; refuses the users it was told to refuse. */
    private static final class Database implements WritingEntries.EventWrites {
        final Set<PacketEvent> written = new HashSet<>();
        final Set<Long> refusedUsers = new HashSet<>();
        RuntimeException down;
        int transactions;

        @Override
        public int write(List<PacketEvent> events) {
            transactions++;
            if (down != null) {
                throw down;
            }
            for (PacketEvent event : events) {
                if (event instanceof PacketEvent.Grab grab
                        && refusedUsers.contains(grab.user().value())) {
                    throw new DuplicateKeyException("Duplicate entry '0abc-" + grab.seq() + "' for key 'share_once'");
                }
            }
            int fresh = 0;
            for (PacketEvent event : events) {
                fresh += written.add(event) ? 1 : 0;
            }
            return fresh;
        }
    }

    private final Database database = new Database();

    @Test
    void aBatchTheDatabaseTakesIsWrittenInSlicesAndEveryEntryAcknowledged() {
        List<DecodedEntry> entries = List.of(entry("1-0", 1, 2, 3), entry("2-0", 4), entry("3-0", 5, 6));

        WritingEntries.Settled settled = new WritingEntries(database, 2).write(entries);

        assertThat(settled.written()).containsExactly("1-0", "2-0", "3-0");
        assertThat(settled.rejected()).isEmpty();
        assertThat(database.written).hasSize(6);
        assertThat(database.transactions).isEqualTo(3);
    }

    @Test
    void anEventRefusedOnItsDataRejectsOnlyItsEntryAndTheRestOfItsSliceAndLaterSlicesAreWritten() {
        database.refusedUsers.add(5L);
        List<DecodedEntry> entries = List.of(entry("1-0", 1, 2), entry("2-0", 4, 5), entry("3-0", 6), entry("4-0", 7));

        WritingEntries.Settled settled = new WritingEntries(database, 4).write(entries);

        assertThat(settled.written()).containsExactly("1-0", "3-0", "4-0");
        assertThat(settled.rejected()).singleElement().satisfies(rejected -> {
            assertThat(rejected.id()).isEqualTo("2-0");
            assertThat(rejected.reason())
                    .contains("grab of packet 0abc by user 5 (share 5, 50 cents) failed: DuplicateKeyException")
                    .contains("its other 1 of 2 events are written");
        });
        // The entry's other event stays written: a replay of the entry skips it.
        assertThat(database.written).extracting(PacketEvent::streamId).contains("2-0");
        assertThat(database.written).hasSize(5);
    }

    @Test
    void anEntryThatCannotBeDecodedIsRejectedWithItsReasonAndTheOthersAreWritten() {
        List<DecodedEntry> entries = List.of(
                entry("1-0", 1),
                DecodedEntry.of("2-0", Map.of("k", "grabs", "t", "1", "g", "nonsense")),
                entry("3-0", 2));

        WritingEntries.Settled settled = new WritingEntries(database, 500).write(entries);

        assertThat(settled.written()).containsExactly("1-0", "3-0");
        assertThat(settled.rejected()).extracting(Rejected::id).containsExactly("2-0");
        assertThat(settled.rejected().get(0).reason()).contains("cannot decode").contains("nonsense");
    }

    @Test
    void anEntryDeletedWhilePendingHasNothingToWriteAndIsAcknowledged() {
        WritingEntries.Settled settled =
                new WritingEntries(database, 500).write(List.of(DecodedEntry.of("1-0", Map.of())));

        assertThat(settled.written()).containsExactly("1-0");
        assertThat(settled.rejected()).isEmpty();
    }

    @Test
    void aDatabaseThatIsDownSettlesNothingSoEveryEntryStaysPending() {
        database.down = new CannotCreateTransactionException("Could not open JDBC Connection for transaction");

        assertThatThrownBy(() -> new WritingEntries(database, 2).write(List.of(entry("1-0", 1), entry("2-0", 2))))
                .isSameAs(database.down);
        assertThat(database.transactions).isEqualTo(1);
    }

    @Test
    void aDatabaseThatGoesDownDuringTheOneByOneWritesDeadLettersNothing() {
        database.refusedUsers.add(1L);
        // The slice fails on its data; by the time its events are written one by one, the database has gone away.
        WritingEntries.EventWrites goneForSingleWrites = events -> {
            if (events.size() == 1) {
                throw new QueryTimeoutException("timeout");
            }
            return database.write(events);
        };

        assertThatThrownBy(() -> new WritingEntries(goneForSingleWrites, 10).write(List.of(entry("1-0", 1, 2, 3))))
                .isInstanceOf(QueryTimeoutException.class);
    }

    @Test
    void onlyFailuresOfTheDataAreDeterministic() {
        assertThat(WriteFailures.deterministic(new DuplicateKeyException("duplicate")))
                .isTrue();
        assertThat(WriteFailures.deterministic(new DataIntegrityViolationException("out of range")))
                .isTrue();
        assertThat(WriteFailures.deterministic(new IllegalArgumentException("negative")))
                .isTrue();
        assertThat(WriteFailures.deterministic(new IllegalStateException("escrow overdrawn")))
                .isTrue();

        assertThat(WriteFailures.deterministic(new CannotGetJdbcConnectionException("down")))
                .isFalse();
        assertThat(WriteFailures.deterministic(new CannotCreateTransactionException("down")))
                .isFalse();
        assertThat(WriteFailures.deterministic(new QueryTimeoutException("slow")))
                .isFalse();
        assertThat(WriteFailures.deterministic(new org.springframework.dao.DeadlockLoserDataAccessException("d", null)))
                .isFalse();
        assertThat(WriteFailures.deterministic(new org.springframework.transaction.TransactionSystemException("c")))
                .isFalse();
        assertThat(WriteFailures.deterministic(new org.springframework.jdbc.UncategorizedSQLException(
                        "?", "SELECT 1", new java.sql.SQLException())))
                .isFalse();
    }

    /** An entry of grabs of packet P by the given users, share = user, amount = 10 × user. */
    private static DecodedEntry entry(String id, long... users) {
        List<PacketEvent> events = new ArrayList<>();
        for (long user : users) {
            events.add(new PacketEvent.Grab(id, P, UserId.of(user), (int) user, 10 * user, AT));
        }
        return new DecodedEntry.Events(id, events);
    }
}
