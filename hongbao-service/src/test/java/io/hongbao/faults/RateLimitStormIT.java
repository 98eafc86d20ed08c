package io.hongbao.faults;

import static io.hongbao.support.FaultReport.counts;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.FaultReport;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.StormJudge;
import io.hongbao.support.StormJudge.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Abuse in the middle of a crowd: one user hammers the grab of a packet from many connections while hundreds of
 * people grab it at a human pace. The hammerer is refused with 429 RATE_LIMITED and a Retry-After and gets one share
 * at most; nobody else is ever refused; every share handed out is recorded once. ({@code RateLimitIT} checks each
 * limit on its own; this is the limit under load, next to the users it must not hurt.) No store is harmed here, so
 * the test runs against the shared test service.
 */
class RateLimitStormIT extends IntegrationTest {

    private static final int PEOPLE = 300;
    private static final int GRABS_EACH = 3;
    private static final int HAMMERING = 600;

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Test
    void oneUserHammeringGrabsIsRefusedWith429WhileEveryoneElseInTheStormIsServed() throws Exception {
        long sender = newUser();
        api().deposit(sender, 100_000).expectStatus().isOk();
        String packet = new RedPacketApi(http, this::tokenFor)
                .sendOk(sender, 100_000, 1000, "RANDOM", null, null)
                .id();
        long hammerer = newUser();
        List<Plan> people = new ArrayList<>();
        for (int i = 0; i < PEOPLE; i++) {
            long person = newUser();
            for (int g = 0; g < GRABS_EACH; g++) {
                people.add(new Plan(person, packet));
            }
        }
        List<Plan> hammering = new ArrayList<>();
        for (int i = 0; i < HAMMERING; i++) {
            hammering.add(new Plan(hammerer, packet));
        }
        String baseUrl = "http://127.0.0.1:" + port;
        GrabStorm storm = new GrabStorm(baseUrl, this::tokenFor);

        CompletableFuture<List<Attempt>> hammered = CompletableFuture.supplyAsync(() -> {
            try {
                return storm.run(hammering, 16);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        List<Attempt> crowd = storm.run(people, 16);
        List<Attempt> abuse = hammered.join();

        List<Attempt> all = new ArrayList<>(crowd);
        all.addAll(abuse);
        StormJudge judge = new StormJudge(dataSource, baseUrl, adminToken());
        Duration drained = judge.awaitRecorded(all, Duration.ofSeconds(60));
        Verdict verdict = judge.judge(all, List.of(packet));
        new FaultReport("RateLimitStormIT")
                .line("%d people grabbing %d times each: %s", PEOPLE, GRABS_EACH, counts(crowd))
                .line("one user grabbing %d times from 16 connections: %s", HAMMERING, counts(abuse))
                .line("all recorded %d ms after the storm; judge: %s", drained.toMillis(), verdict.summary())
                .print();

        assertThat(crowd).allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
        assertThat(abuse.stream().filter(a -> a.status() == 429)).isNotEmpty().allSatisfy(a -> {
            assertThat(a.code()).isEqualTo("RATE_LIMITED");
            assertThat(Long.parseLong(a.retryAfter())).isBetween(1L, 60L);
        });
        assertThat(abuse.stream().filter(a -> a.status() != 429))
                .allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
        assertThat(abuse.stream().filter(Attempt::granted)).hasSize(1);
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }
}
