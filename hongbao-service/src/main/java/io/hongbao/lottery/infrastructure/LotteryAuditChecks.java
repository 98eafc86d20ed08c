package io.hongbao.lottery.infrastructure;

import static io.hongbao.platform.db.SqlTime.fromSql;
import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.redis.RedisConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The lottery's invariants (docs/design.md, invariant 5) as {@link AuditCheck}s for {@code /api/v1/admin/audit}: each
 * reads, none writes. The database checks run on each database in one REPEATABLE READ snapshot of its own, so they
 * hold while draws go on, and bring back only their first offenders (the database does the counting); a draw and its
 * points are on their drawer's database, a wheel's prizes and units on the wheel's home (ADR 0093). The Redis
 * comparison goes through the wheels
 * a page at a time, on a Redis connection of the audit's own, and reads in an order that keeps its bounds true under
 * concurrent draws (see {@link #poolsMatchDatabase}). No check compares with the audit's own clock: a campaign
 * simulated on another clock must not look broken.
 */
public final class LotteryAuditChecks implements AutoCloseable {

    /** A draw pending longer than this means the recovery worker is not doing its job. */
    static final Duration STUCK = Duration.ofMinutes(1);

    private static final int OFFENDERS = 5;

    private final JdbcClient jdbc;
    private final EachDatabase databases;
    private final RedisConnection connection;
    private final RedisClusterCommands<String, String> redis;
    private final Clock clock;
    private final int pageSize;

    /** @param connection the audit's own, closed with the checks */
    public LotteryAuditChecks(
            JdbcClient jdbc, EachDatabase databases, RedisConnection connection, Clock clock, AuditPaging paging) {
        this.jdbc = jdbc;
        this.databases = databases;
        this.connection = connection;
        this.redis = connection.sync();
        this.clock = clock;
        this.pageSize = paging.pageSize();
    }

    @Override
    public void close() {
        connection.close();
    }

    public AuditCheck wonWithinPlacedWithinStock() {
        return check("lottery-won-placed-stock", "per prize won <= placed <= stock", this::wonPlacedStockOffenders);
    }

    public AuditCheck unitsWonOnce() {
        return check(
                "lottery-units-won-once", "every won unit won once, after its release", this::unitsWonOnceOffenders);
    }

    public AuditCheck drawsHaveOneOutcome() {
        return check(
                "lottery-draws-one-outcome",
                "every draw has one outcome and moved its points once",
                jdbc -> drawsOneOutcomeOffenders(jdbc, clock.instant()));
    }

    public AuditCheck pointsExact() {
        return check(
                "lottery-points-exact",
                "points never negative and equal their movements",
                LotteryAuditChecks::pointsOffenders);
    }

    /** Not in one snapshot: its bounds need each read to see what is committed by then (see {@link #poolOffenders}). */
    public AuditCheck poolsMatchDatabase() {
        return check(
                "lottery-pools-match-database", "Redis pools agree with the placed and won units", this::poolOffenders);
    }

    /** A check whose offenders each database finds on its own, in one snapshot of its own (ADR 0084). */
    private AuditCheck check(String name, String holds, Function<JdbcClient, List<String>> offendersOnOne) {
        return check(name, holds, () -> {
            List<String> found = new ArrayList<>();
            databases.inSnapshots(offendersOnOne).forEach(found::addAll);
            return found.subList(0, Math.min(OFFENDERS, found.size()));
        });
    }

    private AuditCheck check(String name, String holds, Supplier<List<String>> offenders) {
        return new AuditCheck() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public AuditResult run() {
                List<String> found = offenders.get();
                return found.isEmpty() ? AuditResult.passed(holds) : AuditResult.failed(String.join("; ", found));
            }
        };
    }

    /**
     * Per prize: won ≤ placed units ≤ stock, the units are the placed count. "Released" is checked per unit (see
     * {@link #unitsWonOnce}) rather than against the audit's own clock, which may trail the one the draws ran on.
     */
    private List<String> wonPlacedStockOffenders() {
        Map<String, Long> won = new HashMap<>();
        // Each database's draws in a snapshot of its own; a won count only grows, so adding them up later than the
        // prizes are read can only overstate it, never hide an excess.
        databases
                .inSnapshots(jdbc -> jdbc.sql("SELECT prize_id, COUNT(*) FROM lottery_draws WHERE prize_id IS NOT NULL"
                                + " GROUP BY prize_id")
                        .query((rs, row) -> Map.entry(rs.getString(1), rs.getLong(2)))
                        .list())
                .forEach(shard -> shard.forEach(e -> won.merge(e.getKey(), e.getValue(), Long::sum)));
        List<String> offenders = new ArrayList<>();
        // Each prize and its units are on its wheel's home: every database's are read, each in its own snapshot.
        databases
                .inSnapshots(jdbc -> jdbc.sql("SELECT p.id, p.stock, p.placed,"
                                + " (SELECT COUNT(*) FROM lottery_units u WHERE u.prize_id = p.id) AS units"
                                + " FROM lottery_prizes p")
                        .query((rs, row) -> {
                            long prizeWon = won.getOrDefault(rs.getString("id"), 0L);
                            long units = rs.getLong("units");
                            long placed = rs.getLong("placed");
                            long stock = rs.getLong("stock");
                            return prizeWon <= units && units == placed && placed <= stock
                                    ? ""
                                    : "prize " + rs.getString("id") + " won " + prizeWon + " units " + units
                                            + " placed " + placed + " stock " + stock;
                        })
                        .list())
                .stream()
                .flatMap(List::stream)
                .filter(offender -> !offender.isEmpty())
                .limit(OFFENDERS)
                .forEach(offenders::add);
        return offenders;
    }

    /**
     * No unit won by two draws; every won unit exists and was released when its draw finished. Two draws of one unit
     * may be on two databases (their drawers'), so every database's won draws are gathered (as many as the prizes'
     * stock at most); then each prize's units are read on its wheel's home, once per prize, and each draw is compared
     * with its unit. Units only ever get added, so reading them after the draws cannot hide a unit a draw won.
     */
    private List<String> unitsWonOnceOffenders() {
        Map<String, BitSet> won = new HashMap<>();
        List<String> offenders = new ArrayList<>();
        Map<String, List<WonDraw>> byPrize = new LinkedHashMap<>();
        databases
                .inSnapshots(jdbc -> jdbc.sql("SELECT draw_id, wheel_id, prize_id, unit_seq, finished_at"
                                + " FROM lottery_draws WHERE prize_id IS NOT NULL")
                        .query((rs, row) -> new WonDraw(
                                rs.getString("draw_id"),
                                rs.getString("wheel_id"),
                                rs.getString("prize_id"),
                                rs.getInt("unit_seq"),
                                rs.getTimestamp("finished_at") == null ? null : fromSql(rs, "finished_at")))
                        .list())
                .forEach(draws -> draws.forEach(draw -> {
                    BitSet units = won.computeIfAbsent(draw.prize(), prize -> new BitSet());
                    if (units.get(draw.seq()) && offenders.size() < OFFENDERS) {
                        offenders.add("unit " + draw.prize() + "#" + draw.seq() + " won more than once");
                    }
                    units.set(draw.seq());
                    byPrize.computeIfAbsent(draw.prize(), prize -> new ArrayList<>())
                            .add(draw);
                }));
        for (List<WonDraw> draws : byPrize.values()) {
            if (offenders.size() >= OFFENDERS) {
                break;
            }
            Map<Integer, Instant> releases =
                    releases(draws.get(0).wheel(), draws.get(0).prize());
            for (WonDraw draw : draws) {
                Instant released = releases.get(draw.seq());
                if (draw.finishedAt() != null
                        && (released == null || released.isAfter(draw.finishedAt()))
                        && offenders.size() < OFFENDERS) {
                    offenders.add("draw " + draw.id() + " won a unit not released by then");
                }
            }
        }
        return offenders;
    }

    private record WonDraw(String id, String wheel, String prize, int seq, Instant finishedAt) {}

    /** A prize's units by number, and when each is released: on the wheel's home. */
    private Map<Integer, Instant> releases(String wheel, String prize) {
        Map<Integer, Instant> releases = new HashMap<>();
        jdbc.sql("SELECT seq, release_at FROM lottery_units WHERE wheel_id = ? AND prize_id = ?")
                .params(wheel, prize)
                .query(rs -> {
                    releases.put(rs.getInt("seq"), fromSql(rs, "release_at"));
                });
        return releases;
    }

    /**
     * Every finished draw has one outcome (the table's CHECK too), nothing stays pending, and its points moved exactly
     * once: the cost debited under {@code draw:<id>}, a consolation credited under {@code consolation:<id>}.
     */
    private static List<String> drawsOneOutcomeOffenders(JdbcClient jdbc, Instant now) {
        List<String> offenders = new ArrayList<>(jdbc.sql("SELECT draw_id, status FROM lottery_draws WHERE"
                        + " (status = 'PENDING' AND created_at < ?) OR (status = 'DONE' AND"
                        + " (prize_id IS NULL) = (consolation_points IS NULL)) LIMIT " + OFFENDERS)
                .param(toSql(now.minus(STUCK)))
                .query((rs, row) -> "draw " + rs.getString(1) + " is " + rs.getString(2) + " without one outcome")
                .list());
        offenders.addAll(jdbc.sql("SELECT d.draw_id FROM lottery_draws d"
                        + " LEFT JOIN point_entries c ON c.transfer_ref = CONCAT('draw:', d.draw_id)"
                        + " LEFT JOIN point_entries k ON k.transfer_ref = CONCAT('consolation:', d.draw_id)"
                        + " WHERE c.points IS NULL OR c.points <> -d.cost"
                        + " OR (d.status = 'DONE' AND COALESCE(d.consolation_points, 0) <> COALESCE(k.points, 0))"
                        + " OR (d.status = 'PENDING' AND k.points IS NOT NULL) LIMIT " + OFFENDERS)
                .query((rs, row) -> "draw " + rs.getString(1) + " moved its points wrongly")
                .list());
        return offenders;
    }

    /** Points are never negative and equal the sum of their movements. */
    private static List<String> pointsOffenders(JdbcClient jdbc) {
        return jdbc.sql("SELECT a.user_id, a.points, COALESCE(e.total, 0) AS total FROM accounts a"
                        + " LEFT JOIN (SELECT user_id, SUM(points) AS total FROM point_entries GROUP BY user_id) e"
                        + " ON e.user_id = a.user_id WHERE a.points < 0 OR a.points <> COALESCE(e.total, 0) LIMIT "
                        + OFFENDERS)
                .query((rs, row) ->
                        "user " + rs.getLong(1) + " has " + rs.getLong(2) + " points, movements say " + rs.getLong(3))
                .list();
    }

    /**
     * Per wheel, Redis agrees with the database. Read in this order, so the bounds hold under concurrent draws and
     * fills (units only ever move pool → won, and only get added): units of published hours, then what the database
     * records as won, then Redis's pool and won set, then all placed units. Then: published ≤ pool + won ≤ placed,
     * and database-won ≤ Redis-won. Each read is a statement of its own, outside any snapshot, so that it sees what is
     * committed by the time it runs: the order above is what keeps the bounds. A wheel whose pool is not loaded in
     * Redis is skipped, like a red packet Redis does not hold: its next draw or publish loads it whole from the
     * database. Wheels are read a page at a time, in id order.
     */
    private List<String> poolOffenders() {
        List<String> offenders = new ArrayList<>();
        String after = "";
        while (offenders.size() < OFFENDERS) {
            List<String> page = jdbc.sql("SELECT id FROM lottery_wheels WHERE id > ? ORDER BY id LIMIT ?")
                    .param(after)
                    .param(pageSize)
                    .query(String.class)
                    .list();
            if (page.isEmpty()) {
                break;
            }
            for (String wheel : page) {
                poolOffender(wheel).ifPresent(offenders::add);
                if (offenders.size() == OFFENDERS) {
                    break;
                }
            }
            after = page.get(page.size() - 1);
        }
        return offenders;
    }

    private Optional<String> poolOffender(String wheel) {
        if (redis.exists("{lottery:" + wheel + "}:loaded") == 0) {
            return Optional
                    .empty(); // not in Redis (lost, or never loaded yet): its next draw or publish loads it whole
        }
        long published = count(
                "SELECT COUNT(*) FROM lottery_units u JOIN lottery_hours h ON h.wheel_id ="
                        + " u.wheel_id AND h.hour_start = u.hour_start WHERE u.wheel_id = ? AND h.published",
                wheel);
        long dbWon = 0;
        for (int database = 0; database < databases.count(); database++) {
            dbWon += databases.on(
                    database,
                    jdbc -> jdbc.sql("SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = ? AND prize_id IS NOT NULL")
                            .param(wheel)
                            .query(Long.class)
                            .single());
        }
        long pool = redis.zcard("{lottery:" + wheel + "}:pool");
        long redisWon = redis.scard("{lottery:" + wheel + "}:won");
        long placed = count("SELECT COUNT(*) FROM lottery_units WHERE wheel_id = ?", wheel);
        if (published > pool + redisWon || pool + redisWon > placed || dbWon > redisWon) {
            return Optional.of("wheel " + wheel + " published " + published + " pool " + pool + " redis-won " + redisWon
                    + " placed " + placed + " db-won " + dbWon);
        }
        return Optional.empty();
    }

    private long count(String sql, String wheel) {
        return jdbc.sql(sql).param(wheel).query(Long.class).single();
    }
}
