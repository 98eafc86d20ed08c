package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CreditLanesTest {

    private final List<List<EscrowPayout>> transactions = new CopyOnWriteArrayList<>();
    private final List<String> settled = new CopyOnWriteArrayList<>();
    private CreditLanes lanes;

    @AfterEach
    void stop() {
        if (lanes != null) {
            lanes.stop(Duration.ofSeconds(5));
        }
    }

    @Test
    void aQueueHoldingItsMostPayoutsRefusesTheJobWhileAnotherDatabasesQueueStillTakesOne() {
        lanes = new CreditLanes(2, 3, transactions::add);

        assertThat(lanes.offer(job(0, "1-0", payout("0aaa", 4), payout("0aaa", 8))))
                .isTrue();
        assertThat(lanes.offer(job(0, "2-0", payout("0aaa", 12), payout("0aaa", 16))))
                .isFalse();
        assertThat(lanes.offer(job(0, "3-0", payout("0aaa", 20)))).isTrue();
        assertThat(lanes.queuedPayouts(0)).isEqualTo(3);
        assertThat(lanes.offer(job(1, "4-0", payout("0aaa", 5), payout("0aaa", 9))))
                .isTrue();
    }

    @Test
    void jobsQueuedWhileTheDatabaseWasBusyAreCreditedInOneTransactionEachTransferOnce() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        lanes = new CreditLanes(1, 8, payouts -> {
            transactions.add(payouts);
            firstStarted.countDown();
            await(release);
        });
        lanes.start();
        lanes.offer(job(0, "1-0", payout("0aaa", 4)));
        assertThat(firstStarted.await(5, TimeUnit.SECONDS)).isTrue();

        lanes.offer(job(0, "2-0", payout("0bbb", 8), refund("0ccc", 2)));
        lanes.offer(job(0, "3-0", payout("0bbb", 12), refund("0ccc", 2)));
        release.countDown();

        awaitSettled(3);
        assertThat(lanes.queuedPayouts(0)).isZero();
        assertThat(transactions).hasSize(2);
        assertThat(transactions.get(1))
                .extracting(EscrowPayout::transferRef)
                .containsExactly("grab:0bbb:8", "refund:0ccc", "grab:0bbb:12");
        assertThat(settled).containsExactly("1-0", "2-0", "3-0");
    }

    @Test
    void aTransactionThatFailsSettlesNoneOfItsEntriesAndTheLaneGoesOn() throws Exception {
        lanes = new CreditLanes(1, 8, payouts -> {
            if (payouts.get(0).packetId().equals("0bad")) {
                throw new IllegalStateException("the database is away");
            }
            transactions.add(payouts);
        });
        lanes.start();

        lanes.offer(job(0, "1-0", payout("0bad", 4)));
        Thread.sleep(200);
        lanes.offer(job(0, "2-0", payout("0aaa", 4)));

        awaitSettled(1);
        assertThat(settled).containsExactly("2-0");
    }

    @Test
    void jobsStillQueuedWhenTheLanesStopReleaseTheirEntriesUnsettled() {
        lanes = new CreditLanes(1, 8, transactions::add);
        List<String> released = new CopyOnWriteArrayList<>();
        EntryAwaitingCredits entry = new EntryAwaitingCredits(0, "1-0", null, 1, () -> released.add("1-0"));
        lanes.offer(new CreditJob(
                0, List.of(payout("0aaa", 4)), List.of(entry), done -> done.forEach(e -> settled.add(e.id()))));

        lanes.stop(Duration.ofSeconds(1));

        assertThat(released).containsExactly("1-0");
        assertThat(settled).isEmpty();
        assertThat(transactions).isEmpty();
        assertThat(lanes.queuedPayouts(0)).isZero();
    }

    private CreditJob job(int database, String id, EscrowPayout... payouts) {
        EntryAwaitingCredits entry = new EntryAwaitingCredits(0, id, null, 1, () -> {});
        return new CreditJob(
                database, List.of(payouts), List.of(entry), done -> done.forEach(e -> settled.add(e.id())));
    }

    private void awaitSettled(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (settled.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Thread.sleep(50);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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

    private static EscrowPayout refund(String packet, long sender) {
        return new EscrowPayout(
                "refund:" + packet,
                "escrow:" + packet,
                packet,
                new UserId(sender),
                Cents.of(100),
                LedgerKind.PACKET_REFUNDED,
                Instant.parse("2026-01-01T00:00:00Z"));
    }
}
