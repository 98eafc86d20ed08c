package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Hundreds of users grabbing the same packets at once through HTTP, each several times: exactly {@code count} grants
 * per packet, nobody twice, Σ = total, and after the persister drains every balance and ledger entry is exact and
 * the audit is ok.
 */
class GrabConcurrencyIT extends IntegrationTest {

    private static final int USERS = 300;
    private static final int ATTEMPTS_PER_USER_AND_PACKET = 3;
    private static final int CLIENT_THREADS = 64;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void everyPacketIsGrantedExactlyCountTimesAndEveryGrantReachesTheDatabaseOnce() throws Exception {
        long sender = newUser();
        api().deposit(sender, 1_000_000).expectStatus().isOk();
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        List<PacketJson> sent = List.of(
                packets.sendOk(sender, 100_000, 250, "RANDOM", null, null),
                packets.sendOk(sender, 50_000, 100, "RANDOM", null, null),
                packets.sendOk(sender, 7_000, 7, "EQUAL", null, null),
                packets.sendOk(sender, 299, 299, "RANDOM", null, null),
                packets.sendOk(sender, 1_234, 1, "RANDOM", null, null));
        List<Long> users = new ArrayList<>();
        for (int i = 0; i < USERS; i++) {
            users.add(newUser());
        }
        List<Plan> plans = new ArrayList<>();
        for (PacketJson packet : sent) {
            for (long user : users) {
                for (int i = 0; i < ATTEMPTS_PER_USER_AND_PACKET; i++) {
                    plans.add(new Plan(user, packet.id()));
                }
            }
        }

        // Every packet sells out (more users than shares), so the database is complete at Σ count rows: a poller
        // notes when it gets there, to compare with the moment the last GRABBED answer arrived.
        List<String> ids = sent.stream().map(PacketJson::id).toList();
        long allShares = sent.stream().mapToLong(PacketJson::count).sum();
        AtomicLong recordedAt = new AtomicLong();
        ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor();
        poller.scheduleWithFixedDelay(
                () -> {
                    if (recordedAt.get() == 0 && recordedGrabs(ids) == allShares) {
                        recordedAt.set(System.nanoTime());
                    }
                },
                0,
                5,
                TimeUnit.MILLISECONDS);
        List<Attempt> attempts;
        try {
            attempts = new GrabStorm("http://127.0.0.1:" + port, this::tokenFor).run(plans, CLIENT_THREADS);
            await().atMost(Duration.ofSeconds(30)).until(() -> recordedAt.get() != 0);
        } finally {
            poller.shutdownNow();
        }
        long lastGrant = attempts.stream()
                .filter(Attempt::granted)
                .mapToLong(Attempt::answeredAtNanos)
                .max()
                .orElseThrow();
        Duration lag = Duration.ofNanos(Math.max(0, recordedAt.get() - lastGrant));

        assertThat(attempts)
                .hasSize(plans.size())
                .allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
        Map<Long, Long> expectedBalances = new HashMap<>();
        long grants = 0;
        for (PacketJson packet : sent) {
            List<Attempt> mine = attempts.stream()
                    .filter(a -> a.packetId().equals(packet.id()))
                    .toList();
            Map<Long, Long> granted = grantsByUser(mine);
            assertThat(granted).as("grants of %s", packet.id()).hasSize(packet.count());
            assertThat(granted.values().stream().mapToLong(Long::longValue).sum())
                    .isEqualTo(packet.totalAmount());
            assertThat(granted.values()).allSatisfy(amount -> assertThat(amount).isPositive());
            for (Attempt attempt : mine) {
                if ("ALREADY_GRABBED".equals(attempt.outcome())) {
                    assertThat(attempt.amount()).isEqualTo(granted.get(attempt.user()));
                } else if (!attempt.granted()) {
                    assertThat(attempt.outcome()).isEqualTo("SOLD_OUT");
                    assertThat(granted).doesNotContainKey(attempt.user());
                }
            }
            granted.forEach((user, amount) -> expectedBalances.merge(user, amount, Long::sum));
            grants += granted.size();
        }

        long expectedGrants = grants;
        assertThat(expectedGrants).isEqualTo(allShares);
        long duplicated = recordedGrabs(ids) - expectedGrants;
        long lost = 0;
        for (long user : users) {
            long balance = api().balanceOf(user);
            long expected = expectedBalances.getOrDefault(user, 0L);
            lost += Math.max(0, expected - balance);
            assertThat(balance).as("balance of %d", user).isEqualTo(expected);
        }
        assertThat(api().balanceOf(sender))
                .isEqualTo(1_000_000
                        - sent.stream().mapToLong(PacketJson::totalAmount).sum());
        assertThat(grabCredits(ids)).isEqualTo(expectedGrants);
        assertThat(lost).isZero();
        assertThat(duplicated).isZero();
        for (PacketJson packet : sent) {
            PacketJson read = packets.packetOk(sender, packet.id());
            assertThat(read.status()).isEqualTo("SOLD_OUT");
            assertThat(read.grabs()).hasSize(packet.count());
        }
        api().getAs(1, "/api/v1/admin/audit").expectStatus().isForbidden();
        Map<String, Object> audit = api().audit();
        assertThat(audit.get("ok")).as("audit %s", audit).isEqualTo(true);
        System.out.printf(
                "GrabConcurrencyIT: %d attempts by %d users on %d packets, %d grants, lost %d, duplicated %d;"
                        + " persister lag (last GRABBED answer -> every grab row in the DB, polled every 5 ms): %d ms%n",
                attempts.size(), USERS, sent.size(), expectedGrants, lost, duplicated, lag.toMillis());
    }

    private static Map<Long, Long> grantsByUser(List<Attempt> attempts) {
        Map<Long, List<Attempt>> byUser =
                attempts.stream().filter(Attempt::granted).collect(Collectors.groupingBy(Attempt::user));
        byUser.forEach((user, granted) ->
                assertThat(granted).as("grants to user %d", user).hasSize(1));
        Map<Long, Long> amounts = new HashMap<>();
        byUser.forEach((user, granted) -> amounts.put(user, granted.get(0).amount()));
        return amounts;
    }

    private long recordedGrabs(List<String> ids) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id IN (:ids)")
                .param("ids", ids)
                .query(Long.class)
                .single();
    }

    private long grabCredits(List<String> ids) {
        return jdbc.sql("SELECT COUNT(*) FROM ledger_entries WHERE kind = 'PACKET_GRABBED' AND account LIKE 'user:%'"
                        + " AND packet_id IN (:ids)")
                .param("ids", ids)
                .query(Long.class)
                .single();
    }
}
