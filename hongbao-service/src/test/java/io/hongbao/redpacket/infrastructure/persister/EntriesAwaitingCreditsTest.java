package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.UserId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EntriesAwaitingCreditsTest {

    private final EntriesAwaitingCredits awaiting = new EntriesAwaitingCredits();
    private final List<CreditJob> queued = new ArrayList<>();
    private final List<String> settled = new ArrayList<>();
    private Set<Integer> fullDatabases = Set.of();

    private final EntriesAwaitingCredits.CreditQueues queues = job -> {
        if (fullDatabases.contains(job.database())) {
            return false;
        }
        queued.add(job);
        return true;
    };

    @Test
    void anEntryIsSettledOnlyWhenTheCreditsOnEveryPayeeDatabaseCommitted() {
        hand(entry(3, "1-0", Map.of(1, List.of(payout("0aaa", 11)), 2, List.of(payout("0aaa", 12)))));
        assertThat(queued).extracting(CreditJob::database).containsExactly(1, 2);

        job(1).ended(true);
        assertThat(settled).isEmpty();
        assertThat(awaiting.inHand(3, "1-0")).isTrue();

        job(2).ended(true);
        assertThat(settled).containsExactly("3/1-0");
        assertThat(awaiting.inHand(3, "1-0")).isFalse();
    }

    @Test
    void aRoundsCreditsGoOneJobPerPayeeDatabaseEachCarryingTheEntriesThatWaitForIt() {
        hand(
                entry(3, "1-0", Map.of(1, List.of(payout("0aaa", 11)))),
                entry(3, "2-0", Map.of(1, List.of(payout("0aaa", 21)), 2, List.of(payout("0aaa", 22)))));

        assertThat(queued).hasSize(2);
        assertThat(job(1).payouts()).hasSize(2);
        assertThat(job(2).payouts()).hasSize(1);

        job(1).ended(true);
        assertThat(settled).containsExactly("3/1-0");
        job(2).ended(true);
        assertThat(settled).containsExactly("3/1-0", "3/2-0");
    }

    @Test
    void anEntryWhoseCreditFailedIsNeverSettledAndIsLeftToAReclaim() {
        hand(entry(3, "1-0", Map.of(1, List.of(payout("0aaa", 11)), 2, List.of(payout("0aaa", 12)))));

        job(1).ended(false);
        job(2).ended(true);

        assertThat(settled).isEmpty();
        assertThat(awaiting.inHand(3, "1-0")).as("a reclaim may write it again").isFalse();
    }

    @Test
    void aFullQueueOfOnePayeeDatabaseLeavesItsEntriesPendingWhileTheOthersAreSettled() {
        fullDatabases = Set.of(2);

        hand(
                entry(3, "1-0", Map.of(1, List.of(payout("0aaa", 11)))),
                entry(3, "2-0", Map.of(1, List.of(payout("0aaa", 21)), 2, List.of(payout("0aaa", 22)))));
        assertThat(queued).extracting(CreditJob::database).containsExactly(1);
        assertThat(awaiting.inHand(3, "2-0"))
                .as("in hand until its queued credit ends")
                .isTrue();

        job(1).ended(true);

        assertThat(settled).containsExactly("3/1-0");
        assertThat(awaiting.inHand(3, "2-0")).isFalse();
        assertThat(awaiting.size()).isZero();
    }

    @Test
    void entriesOfTwoShardsWithTheSameIdAreHeldApart() {
        hand(entry(3, "1-0", Map.of(1, List.of(payout("0aaa", 11)))));

        assertThat(awaiting.inHand(3, "1-0")).isTrue();
        assertThat(awaiting.inHand(7, "1-0")).isFalse();
    }

    private void hand(EntriesAwaitingCredits.Credited... entries) {
        awaiting.hand(
                List.of(entries), done -> done.forEach(entry -> settled.add(entry.shard() + "/" + entry.id())), queues);
    }

    private CreditJob job(int database) {
        return queued.stream()
                .filter(job -> job.database() == database)
                .findFirst()
                .orElseThrow();
    }

    private static EntriesAwaitingCredits.Credited entry(
            int shard, String id, Map<Integer, List<EscrowPayout>> credits) {
        return new EntriesAwaitingCredits.Credited(shard, id, null, new java.util.TreeMap<>(credits));
    }

    private static EscrowPayout payout(String packet, long user) {
        return new EscrowPayout(
                "grab:" + packet + ":" + user,
                "escrow:" + packet,
                packet,
                new UserId(user),
                Cents.of(100),
                LedgerKind.PACKET_GRABBED,
                Instant.parse("2026-01-01T00:00:00Z"));
    }
}
