package io.hongbao.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.audit.infrastructure.TransfersPairedCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.SqlTime;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * {@code transfers-paired} on two real databases (two schemas beside the test's own on its MariaDB, each with the
 * service's ledger table): the two legs of a grab across databases (ADR 0084) written with SQL, the second one left
 * out, and the check run at chosen moments with a bound of a minute.
 */
class TransfersPairedIT extends IntegrationTest {

    private static final Pattern DATABASE_IN_URL = Pattern.compile("^(jdbc:mariadb://[^/]+/)([^?]*)(.*)$");
    private static final Duration BOUND = Duration.ofMinutes(1);
    private static final Instant GRABBED = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    @Autowired
    StorageEndpoints storage;

    private List<JdbcClient> shards;
    private EachDatabase databases;

    @BeforeEach
    void twoEmptyLedgers() {
        Matcher url = DATABASE_IN_URL.matcher(storage.jdbcUrl());
        assertThat(url.matches()).as(storage.jdbcUrl()).isTrue();
        List<DriverManagerDataSource> sources = IntStream.range(0, 2)
                .mapToObj(shard -> new DriverManagerDataSource(
                        url.group(1) + url.group(2) + "_transit_" + shard + "?createDatabaseIfNotExist=true",
                        storage.dbUser(),
                        storage.dbPassword()))
                .toList();
        shards = sources.stream().map(JdbcClient::create).toList();
        for (JdbcClient shard : shards) {
            shard.sql("CREATE TABLE IF NOT EXISTS ledger_entries LIKE " + url.group(2) + ".ledger_entries")
                    .update();
            shard.sql("DELETE FROM ledger_entries").update();
        }
        databases = new EachDatabase(sources);
    }

    @Test
    void aTransferWhoseSecondLegIsMissingFailsByNameOnceOlderThanTheBoundAndPassesOncePaired() {
        intoTransit(0, "grab:P1:7", 120, GRABBED);

        AuditResult young = checkAt(GRABBED.plus(BOUND).minusSeconds(1));
        assertThat(young.ok()).as(young.detail()).isTrue();
        assertThat(young.detail()).contains("1 in transit for less than PT1M (120 cents)");

        AuditResult overdue = checkAt(GRABBED.plus(BOUND).plusSeconds(1));
        assertThat(overdue.ok()).isFalse();
        assertThat(overdue.detail())
                .contains("1 in transit for more than PT1M (120 cents)")
                .contains("grab:P1:7 (120 cents into transit:escrow:P1 on database 0 at " + GRABBED + ")");

        outOfTransit(1, "grab:P1:7", 7, 120);

        AuditResult paired = checkAt(GRABBED.plus(BOUND).plusSeconds(1));
        assertThat(paired.ok()).as(paired.detail()).isTrue();
        assertThat(paired.detail()).startsWith("1 transfers across databases, 0 in transit");
    }

    @Test
    void theOldestFewAreNamedFromBothDatabasesAcrossPages() {
        for (int i = 0; i < 7; i++) {
            intoTransit(i % 2, "grab:P" + i + ":" + i, 10 + i, GRABBED.minusSeconds(i));
        }
        intoTransit(0, "grab:Q:1", 50, GRABBED.minusSeconds(60));
        outOfTransit(1, "grab:Q:1", 1, 50);

        AuditResult result = checkAt(GRABBED.plus(BOUND).plusSeconds(1));

        assertThat(result.ok()).isFalse();
        assertThat(result.detail())
                .startsWith("7 in transit for more than PT1M (" + (7 * 10 + 21) + " cents)")
                .contains("grab:P6:6", "grab:P5:5", "grab:P4:4", "grab:P3:3", "grab:P2:2")
                .doesNotContain("grab:P1:1", "grab:P0:0", "grab:Q:1")
                .endsWith("8 transfers across databases, 0 in transit for less than PT1M (0 cents)");
        assertThat(result.detail().indexOf("grab:P6:6"))
                .as("oldest first")
                .isLessThan(result.detail().indexOf("grab:P2:2"));
    }

    @Test
    void aTransferReceivedForAnotherAmountFailsWhateverItsAge() {
        intoTransit(1, "grab:P9:3", 100, GRABBED);
        outOfTransit(0, "grab:P9:3", 3, 90);

        AuditResult result = checkAt(GRABBED);

        assertThat(result.ok()).isFalse();
        assertThat(result.detail())
                .contains("1 received for another amount: grab:P9:3: 100 cents into transit on database 1, 90 out");
    }

    private AuditResult checkAt(Instant now) {
        return new TransfersPairedCheck(databases, new AuditPaging(2), BOUND, Clock.fixed(now, ZoneOffset.UTC)).run();
    }

    /** Step 1 on the packet's database: the escrow into its transit account. */
    private void intoTransit(int shard, String transferRef, long cents, Instant at) {
        String packet = transferRef.split(":")[1];
        legs(shard, transferRef, "escrow:" + packet, "transit:escrow:" + packet, cents, at);
    }

    /** Step 2 on the grabber's database: out of the grabber's transit account into the grabber's. */
    private void outOfTransit(int shard, String transferRef, long grabber, long cents) {
        legs(shard, transferRef, "transit:user:" + grabber, "user:" + grabber, cents, GRABBED);
    }

    private void legs(int shard, String transferRef, String from, String to, long cents, Instant at) {
        shards.get(shard)
                .sql("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at)"
                        + " VALUES (?, ?, ?, 'PACKET_GRABBED', ?, ?), (?, ?, ?, 'PACKET_GRABBED', ?, ?)")
                .params(
                        transferRef,
                        from,
                        -cents,
                        transferRef.split(":")[1],
                        SqlTime.toSql(at),
                        transferRef,
                        to,
                        cents,
                        transferRef.split(":")[1],
                        SqlTime.toSql(at))
                .update();
    }
}
