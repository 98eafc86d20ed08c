package io.hongbao.support;

import io.hongbao.support.GrabStorm.Attempt;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * What a grab storm under faults must leave behind, judged from the answers the clients got and the database the
 * service wrote: every answer that named an amount (GRABBED, ALREADY_GRABBED) is one row of {@code packet_grabs} with
 * that amount; no user granted twice, no share given twice, no packet over its count or total; every row written
 * whole (the grab with both its ledger legs); each packet's money conserved; the service's audit ok and its health UP.
 * The same judge as the strategy lab's ({@code hongbao-lab} Judging), applied to the real service. On database shards
 * (ADR 0083) it reads every database and adds up what it finds; a grab paid to a user of another database has its two
 * transit legs beside the escrow's and the user's (ADR 0084).
 */
public final class StormJudge {

    private static final Pattern FAILED_CHECK =
            Pattern.compile("\\{\"name\":\"([^\"]+)\",\"ok\":false,\"detail\":\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** How many lost answers the summary names. */
    private static final int LOST_EXAMPLES = 5;

    private final List<DataSource> databases;
    private final String baseUrl;
    private final String adminToken;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** @param adminToken a token of an admin, for the audit */
    public StormJudge(DataSource db, String baseUrl, String adminToken) {
        this(List.of(db), baseUrl, adminToken);
    }

    /** @param databases the service's database shards, each read directly */
    public StormJudge(List<DataSource> databases, String baseUrl, String adminToken) {
        this.databases = List.copyOf(databases);
        this.baseUrl = baseUrl;
        this.adminToken = adminToken;
    }

    /** The verdict. {@link #held()} when every invariant held; {@link #summary()} for the test's output. */
    public record Verdict(
            long answeredWithAmount,
            long rows,
            long lost,
            long wrongAmount,
            long duplicated,
            long sharesTwice,
            long overGranted,
            long halfWritten,
            boolean conserved,
            boolean auditOk,
            String auditFailures,
            boolean up,
            List<String> lostExamples) {

        public boolean held() {
            return lost == 0
                    && wrongAmount == 0
                    && duplicated == 0
                    && sharesTwice == 0
                    && overGranted == 0
                    && halfWritten == 0
                    && conserved
                    && auditOk
                    && up;
        }

        public String summary() {
            return String.format(
                            "answers naming an amount %d, rows %d: lost %d, wrong amount %d, duplicated %d, share given"
                                    + " twice %d, over-granted %d, half-written %d, conserved %s, audit %s, health %s",
                            answeredWithAmount,
                            rows,
                            lost,
                            wrongAmount,
                            duplicated,
                            sharesTwice,
                            overGranted,
                            halfWritten,
                            conserved,
                            auditOk ? "ok" : "FAILED " + auditFailures,
                            up ? "UP" : "not UP")
                    + (lostExamples.isEmpty() ? "" : "; lost, e.g. " + String.join(", ", lostExamples));
        }
    }

    /**
     * Waits until every answer that named an amount has its row (the persister drains the streams asynchronously) and
     * returns how long that took; gives up after {@code limit} (the verdict then counts what is missing as lost).
     */
    public Duration awaitRecorded(Collection<Attempt> answers, Duration limit) throws Exception {
        long start = System.nanoTime();
        Set<String> packets = packetsOf(answers);
        while (System.nanoTime() - start < limit.toNanos()) {
            Map<Pair, Row> rows = rowsByPair(packets);
            if (answers.stream().filter(Attempt::holdsAmount).allMatch(a -> rows.containsKey(Pair.of(a)))) {
                return Duration.ofNanos(System.nanoTime() - start);
            }
            Thread.sleep(100);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * Judges the storm's packets: those the answers name plus {@code alsoPackets} (packets nobody got a share of).
     *
     * <p>The service's audit runs first: its Redis-database agreement waits for the streams to drain, so the rows and
     * ledger legs read after it are the persister's last word. Grants answered 503 that happened are written only once a
     * replica confirmed them (ADR 0102), after their entries' reclaim: read before that, a packet's rows and its
     * escrow's legs could come from two moments of the same catch-up.
     */
    public Verdict judge(Collection<Attempt> answers, Collection<String> alsoPackets) throws Exception {
        String audit = audit();
        Set<String> packets = packetsOf(answers);
        packets.addAll(alsoPackets);
        List<Row> rows = rows(packets);
        Map<Pair, Row> byPair = new HashMap<>();
        long duplicated = 0;
        long sharesTwice = 0;
        Set<String> shares = new HashSet<>();
        for (Row row : rows) {
            if (byPair.put(new Pair(row.packet(), row.user()), row) != null) {
                duplicated++;
            }
            if (!shares.add(row.packet() + "#" + row.seq())) {
                sharesTwice++;
            }
        }
        long lost = 0;
        // Which answers were lost, and when they were sent and answered (System.nanoTime in ms, the clock a test's
        // fault times are read on): a loss says where to look only with its moment beside the fault's.
        List<String> lostExamples = new ArrayList<>();
        long wrongAmount = 0;
        long answered = 0;
        Set<Pair> grantedOnce = new HashSet<>();
        for (Attempt answer : answers) {
            if (answer.granted() && !grantedOnce.add(Pair.of(answer))) {
                duplicated++;
            }
            if (answer.holdsAmount()) {
                answered++;
                Row row = byPair.get(Pair.of(answer));
                if (row == null) {
                    lost++;
                    if (lostExamples.size() < LOST_EXAMPLES) {
                        lostExamples.add(String.format(
                                "packet %s user %d amount %d sent at %d ms answered at %d ms",
                                answer.packetId(),
                                answer.user(),
                                answer.amount(),
                                answer.startedAtNanos() / 1_000_000,
                                answer.answeredAtNanos() / 1_000_000));
                    }
                } else if (row.amount() != answer.amount()) {
                    wrongAmount++;
                }
            }
        }
        PacketMoney money = packetMoney(packets, rows);
        return new Verdict(
                answered,
                rows.size(),
                lost,
                wrongAmount,
                duplicated,
                sharesTwice,
                money.overGranted(),
                halfWritten(packets, rows),
                money.conserved(),
                audit.startsWith("{\"ok\":true"),
                failedChecks(audit),
                health().contains("\"UP\""),
                lostExamples);
    }

    private record Pair(String packet, long user) {
        static Pair of(Attempt attempt) {
            return new Pair(attempt.packetId(), attempt.user());
        }
    }

    private record Row(String packet, long user, int seq, long amount) {}

    private record PacketMoney(long overGranted, boolean conserved) {}

    private record Packet(String id, long total, int count, long refunded) {}

    private record Balance(String packet, long amount) {}

    private record Leg(String transfer, String account, long amount) {}

    private static Set<String> packetsOf(Collection<Attempt> answers) {
        Set<String> packets = new HashSet<>();
        answers.forEach(a -> packets.add(a.packetId()));
        return packets;
    }

    private Map<Pair, Row> rowsByPair(Set<String> packets) throws SQLException {
        Map<Pair, Row> rows = new HashMap<>();
        for (Row row : rows(packets)) {
            rows.put(new Pair(row.packet(), row.user()), row);
        }
        return rows;
    }

    private List<Row> rows(Set<String> packets) throws SQLException {
        return query(
                "SELECT packet_id, user_id, seq, amount FROM packet_grabs WHERE packet_id IN (%s)",
                packets, rs -> new Row(rs.getString(1), rs.getLong(2), rs.getInt(3), rs.getLong(4)));
    }

    /**
     * Per packet: grants beyond its share count or total; and conservation: the grabs recorded, the refund and what
     * the escrow account still holds add up to the total, with the escrow never below zero.
     */
    private PacketMoney packetMoney(Set<String> packets, List<Row> rows) throws SQLException {
        Map<String, long[]> granted = new HashMap<>();
        for (Row row : rows) {
            long[] sums = granted.computeIfAbsent(row.packet(), p -> new long[2]);
            sums[0]++;
            sums[1] += row.amount();
        }
        Map<String, Long> escrow = new HashMap<>();
        List<String> accounts = packets.stream().map(p -> "escrow:" + p).toList();
        for (Balance balance : query(
                "SELECT account, SUM(amount) FROM ledger_entries WHERE account IN (%s) GROUP BY account",
                accounts, rs -> new Balance(rs.getString(1).substring("escrow:".length()), rs.getLong(2)))) {
            escrow.merge(balance.packet(), balance.amount(), Long::sum);
        }
        long overGranted = 0;
        boolean conserved = true;
        for (Packet packet : query(
                "SELECT id, total_amount, share_count, COALESCE(refunded_amount, 0) FROM red_packets WHERE id IN (%s)",
                packets, rs -> new Packet(rs.getString(1), rs.getLong(2), rs.getInt(3), rs.getLong(4)))) {
            long[] sums = granted.getOrDefault(packet.id(), new long[2]);
            if (sums[0] > packet.count() || sums[1] > packet.total()) {
                overGranted += Math.max(sums[0] - packet.count(), 1);
            }
            long held = escrow.getOrDefault(packet.id(), 0L);
            conserved &= held >= 0 && sums[1] + packet.refunded() + held == packet.total();
        }
        return new PacketMoney(overGranted, conserved);
    }

    /**
     * Rows without exactly their two ledger legs (the escrow's debit and the grabber's credit of the same amount), plus
     * grab transfers without their row: what a batch written only in part would leave.
     */
    private long halfWritten(Set<String> packets, List<Row> rows) throws SQLException {
        Map<String, List<String>> legs = new HashMap<>();
        for (Leg leg : query(
                "SELECT transfer_ref, account, amount FROM ledger_entries"
                        + " WHERE kind = 'PACKET_GRABBED' AND packet_id IN (%s)",
                packets, rs -> new Leg(rs.getString(1), rs.getString(2), rs.getLong(3)))) {
            legs.computeIfAbsent(leg.transfer(), t -> new ArrayList<>()).add(leg.account() + "=" + leg.amount());
        }
        long half = 0;
        for (Row row : rows) {
            List<String> local =
                    List.of("escrow:" + row.packet() + "=" + -row.amount(), "user:" + row.user() + "=" + row.amount());
            List<String> throughTransit = List.of(
                    "escrow:" + row.packet() + "=" + -row.amount(),
                    "transit:escrow:" + row.packet() + "=" + row.amount(),
                    "transit:user:" + row.user() + "=" + -row.amount(),
                    "user:" + row.user() + "=" + row.amount());
            List<String> found = legs.remove("grab:" + row.packet() + ":" + row.user());
            if (found == null || !(sameLegs(found, local) || sameLegs(found, throughTransit))) {
                half++;
            }
        }
        return half + legs.size();
    }

    private static boolean sameLegs(List<String> found, List<String> expected) {
        return found.size() == expected.size() && new HashSet<>(found).equals(new HashSet<>(expected));
    }

    private String audit() throws IOException, InterruptedException {
        return http.send(
                        HttpRequest.newBuilder(URI.create(baseUrl + "/api/v1/admin/audit"))
                                .header("Authorization", "Bearer " + adminToken)
                                .timeout(Duration.ofMinutes(2))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private String health() throws IOException, InterruptedException {
        return http.send(
                        HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/health"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static String failedChecks(String audit) {
        List<String> failed = new ArrayList<>();
        Matcher check = FAILED_CHECK.matcher(audit);
        while (check.find()) {
            failed.add(check.group(1) + ": " + check.group(2));
        }
        return failed.isEmpty() ? audit : failed.toString();
    }

    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    /** {@code sql} with its one {@code %s} replaced by a placeholder per value, on every database, rows added up. */
    private <T> List<T> query(String sql, Collection<String> values, RowMapper<T> mapper) throws SQLException {
        return query(databases, sql, values, mapper);
    }

    /** As {@link #query(String, Collection, RowMapper)}, on {@code databases}: for the other judges of the package. */
    static <T> List<T> query(List<DataSource> databases, String sql, Collection<String> values, RowMapper<T> mapper)
            throws SQLException {
        List<T> result = new ArrayList<>();
        for (DataSource db : databases) {
            result.addAll(query(db, sql, values, mapper));
        }
        return result;
    }

    private static <T> List<T> query(DataSource db, String sql, Collection<String> values, RowMapper<T> mapper)
            throws SQLException {
        List<T> result = new ArrayList<>();
        if (values.isEmpty()) {
            return result;
        }
        List<String> ordered = new ArrayList<>(values);
        try (Connection connection = db.getConnection();
                PreparedStatement statement = connection.prepareStatement(
                        String.format(sql, String.join(", ", Collections.nCopies(ordered.size(), "?"))))) {
            for (int i = 0; i < ordered.size(); i++) {
                statement.setString(i + 1, ordered.get(i));
            }
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    result.add(mapper.map(rs));
                }
            }
        }
        return result;
    }
}
