package io.hongbao.lottery.infrastructure;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.draw.DecidedDraw;
import io.hongbao.lottery.model.draw.DrawKey;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.DrawSpend;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.RecordedKey;
import io.hongbao.lottery.model.draw.SpendVerdict;
import io.hongbao.platform.idempotency.IdempotencyRecords;
import io.hongbao.platform.outbox.Outbox;
import io.hongbao.platform.outbox.OutboxEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The batch statements of {@link JdbcDraws} (ADR 0079): a batch of draws costs a handful of statements whatever its
 * size, instead of five or six per draw. Both run in the caller's transaction, so a batch is all or nothing.
 *
 * <p>Locks: the drawers' account rows are locked by one {@code SELECT ... FOR UPDATE} over their primary keys, which
 * InnoDB takes in key order, so two batches (two instances) holding common drawers wait for each other instead of
 * deadlocking; the draws' rows likewise in step (3).
 */
final class DrawBatchRows {

    private final JdbcClient jdbc;
    private final JdbcTemplate template;
    private final JdbcDraws draws;
    private final Outbox outbox;
    private final DrawKeyRows keys;
    private final List<JdbcClient> unitsReadFrom;

    /**
     * @param unitsReadFrom where a prize unit may be recorded for another draw: every database (a unit's draw is on
     *     its drawer's database, and Redis may have handed the unit to drawers of two), {@code jdbc}'s among them
     */
    DrawBatchRows(
            JdbcClient jdbc, JdbcTemplate template, JdbcDraws draws, Outbox outbox, List<JdbcClient> unitsReadFrom) {
        this.jdbc = jdbc;
        this.unitsReadFrom = List.copyOf(unitsReadFrom);
        this.keys = new DrawKeyRows(new IdempotencyRecords(jdbc));
        this.template = template;
        this.draws = draws;
        this.outbox = outbox;
    }

    /**
     * Step (1) of a batch: the keys of its keyed draws, the debits the points cover, in order, and the draws they pay
     * for, PENDING; repeats and reused keys spend nothing (ADR 0098).
     */
    List<SpendVerdict> spend(List<DrawSpend> spends) {
        if (spends.isEmpty()) {
            return List.of();
        }
        // The keys before the drawers' rows, the order IdempotentRequests takes (its record, then its work): a batch
        // and another request of a drawer with the same key (a send, another instance's batch) wait for each other
        // rather than deadlock. The keys and the spends then commit, or roll back, together.
        Map<DrawKey.Held, RecordedKey> recorded = keys.record(spends);
        Map<UserId, Long> before =
                points(usersOf(spends.stream().map(DrawSpend::draw).toList()), true);
        List<SpendVerdict> verdicts = DrawSpend.verdicts(spends, before, recorded);
        keys.forgetUnpaid(spends, verdicts, recorded);
        boolean[] covered = new boolean[spends.size()];
        for (int i = 0; i < covered.length; i++) {
            covered[i] = verdicts.get(i) instanceof SpendVerdict.Paid;
        }
        Map<Long, Long> debits = new TreeMap<>();
        List<Object> draws = new ArrayList<>();
        List<Object> entries = new ArrayList<>();
        for (int i = 0; i < spends.size(); i++) {
            if (!covered[i]) {
                continue;
            }
            PendingDraw draw = spends.get(i).draw();
            long cost = spends.get(i).cost();
            debits.merge(draw.userId().value(), cost, Long::sum);
            draws.addAll(List.of(
                    draw.id().value(), draw.wheelId().value(), draw.userId().value(), cost));
            draws.add(toSql(draw.at()));
            entries.addAll(List.of("draw:" + draw.id().value(), draw.userId().value(), -cost, "DRAW"));
            entries.add(toSql(draw.at()));
        }
        if (debits.isEmpty()) {
            return verdicts;
        }
        move(debits, -1);
        jdbc.sql("INSERT INTO lottery_draws (draw_id, wheel_id, user_id, cost, status, created_at) VALUES "
                        + rows(draws.size() / 5, "(?, ?, ?, ?, 'PENDING', ?)"))
                .params(draws)
                .update();
        insertEntries(entries);
        if (outbox.writes()) {
            // One multi-row statement for the batch, after the drawers' rows were locked (ordering, Outbox).
            List<OutboxEvent> events = new ArrayList<>();
            for (int i = 0; i < spends.size(); i++) {
                if (covered[i]) {
                    events.add(
                            DrawEvents.spent(spends.get(i).draw(), spends.get(i).cost()));
                }
            }
            outbox.write(jdbc, events);
        }
        return verdicts;
    }

    /** Step (3) of a batch; element i empty, nothing written for it, when its unit is recorded for another draw. */
    List<Optional<DrawResult>> finish(List<DecidedDraw> decided, Instant now) {
        List<Optional<DrawResult>> results = new ArrayList<>(decided.size());
        Map<String, String> status = new HashMap<>();
        jdbc.sql("SELECT draw_id, status FROM lottery_draws WHERE draw_id IN (:ids) ORDER BY draw_id FOR UPDATE")
                .param("ids", decided.stream().map(d -> d.draw().id().value()).toList())
                .query(rs -> {
                    status.put(rs.getString("draw_id"), rs.getString("status"));
                });
        Map<String, String> unitWonBy = unitsRecorded(decided);
        List<Integer> recording = new ArrayList<>();
        for (int i = 0; i < decided.size(); i++) {
            DecidedDraw one = decided.get(i);
            String id = one.draw().id().value();
            if (!status.containsKey(id)) {
                throw new IllegalStateException("draw " + id + " was never spent");
            }
            if ("DONE".equals(status.get(id))) {
                // A concurrent finisher (the recovery) recorded it first: answer what it recorded.
                results.add(draws.find(one.draw().id()).flatMap(Draws.DrawState::result));
            } else if (one.outcome() instanceof DrawOutcome.PrizeWon won
                    && !id.equals(unitWonBy.getOrDefault(won.unit().member(), id))) {
                results.add(Optional.empty());
            } else {
                results.add(null);
                recording.add(i);
            }
        }
        record(decided, recording, results, now);
        return results;
    }

    private void record(
            List<DecidedDraw> decided, List<Integer> recording, List<Optional<DrawResult>> results, Instant now) {
        if (recording.isEmpty()) {
            return;
        }
        Map<Long, Long> credits = new TreeMap<>();
        List<Object> entries = new ArrayList<>();
        for (int i : recording) {
            PendingDraw draw = decided.get(i).draw();
            long credit = credit(decided.get(i));
            if (credit > 0) {
                credits.merge(draw.userId().value(), credit, Long::sum);
                entries.addAll(List.of(
                        "consolation:" + draw.id().value(), draw.userId().value(), credit));
                entries.addAll(List.of("CONSOLATION", toSql(now)));
            }
        }
        if (!credits.isEmpty()) {
            move(credits, 1);
            insertEntries(entries);
        }
        // Locked: the outcomes' events take their positions after the drawers' rows are ours (ordering, Outbox), also
        // for prizes, which credit nothing; in key order, as the spend locks them, after the draw rows, as before.
        Map<UserId, Long> running = points(
                usersOf(recording.stream().map(i -> decided.get(i).draw()).toList()), true);
        // Points left in the batch's order: from the last draw back, a draw's own credit is in its figure, a later
        // draw's is not.
        List<Object[]> updates = new ArrayList<>();
        for (int r = recording.size() - 1; r >= 0; r--) {
            DecidedDraw one = decided.get(recording.get(r));
            UserId user = one.draw().userId();
            long left = running.getOrDefault(user, 0L);
            running.put(user, left - credit(one));
            results.set(
                    recording.get(r),
                    Optional.of(new DrawResult(
                            one.draw().id(),
                            one.draw().wheelId(),
                            one.outcome(),
                            left,
                            one.draw().at())));
            String prizeId = null;
            Integer unitSeq = null;
            Long consolationPoints = null;
            if (one.outcome() instanceof DrawOutcome.PrizeWon won) {
                prizeId = won.unit().prizeId().value();
                unitSeq = won.unit().seq();
            } else {
                consolationPoints = credit(one);
            }
            updates.add(new Object[] {
                prizeId,
                unitSeq,
                consolationPoints,
                left,
                toSql(now),
                one.draw().id().value()
            });
        }
        template.batchUpdate(
                "UPDATE lottery_draws SET status = 'DONE', prize_id = ?, unit_seq = ?, consolation_points = ?,"
                        + " points_left = ?, finished_at = ? WHERE draw_id = ?",
                updates);
        if (outbox.writes()) {
            List<OutboxEvent> events = new ArrayList<>(recording.size());
            for (int i : recording) {
                DecidedDraw one = decided.get(i);
                events.add(DrawEvents.decided(one.draw(), one.outcome(), credit(one), now));
            }
            outbox.write(jdbc, events);
        }
    }

    private static long credit(DecidedDraw draw) {
        return draw.outcome() instanceof DrawOutcome.ConsolationWon consolation
                ? consolation.consolation().points()
                : 0;
    }

    /** Unit member to the draw it is recorded for, for the batch's prize units that are recorded at all. */
    private Map<String, String> unitsRecorded(List<DecidedDraw> decided) {
        List<Object> params = new ArrayList<>();
        List<String> conditions = new ArrayList<>();
        for (DecidedDraw one : decided) {
            if (one.outcome() instanceof DrawOutcome.PrizeWon won) {
                conditions.add("(prize_id = ? AND unit_seq = ?)");
                params.add(won.unit().prizeId().value());
                params.add(won.unit().seq());
            }
        }
        Map<String, String> wonBy = new HashMap<>();
        if (conditions.isEmpty()) {
            return wonBy;
        }
        String sql = "SELECT prize_id, unit_seq, draw_id FROM lottery_draws WHERE " + String.join(" OR ", conditions);
        // The batch's own database joins its transaction; the others read what they committed, which is what a unit
        // recorded by another draw is once its batch is done.
        for (JdbcClient database : unitsReadFrom) {
            database.sql(sql).params(params).query(rs -> {
                wonBy.put(rs.getString("prize_id") + "#" + rs.getInt("unit_seq"), rs.getString("draw_id"));
            });
        }
        return wonBy;
    }

    /** Adds {@code sign} times each user's amount to their points, in one statement; every user's row must exist. */
    private void move(Map<Long, Long> amounts, int sign) {
        StringBuilder sql = new StringBuilder("UPDATE accounts SET points = points + CASE user_id");
        List<Object> params = new ArrayList<>();
        for (Map.Entry<Long, Long> amount : amounts.entrySet()) {
            sql.append(" WHEN ? THEN ?");
            params.add(amount.getKey());
            params.add(sign * amount.getValue());
        }
        sql.append(" END WHERE user_id IN (").append(rows(amounts.size(), "?")).append(")");
        params.addAll(amounts.keySet());
        int changed = jdbc.sql(sql.toString()).params(params).update();
        if (changed != amounts.size()) {
            // Rolls the batch back: a debit or credit without its account row would leave the ledger inexact.
            throw new IllegalStateException("points moved on " + changed + " of " + amounts.size() + " accounts");
        }
    }

    private void insertEntries(List<Object> entries) {
        jdbc.sql("INSERT INTO point_entries (transfer_ref, user_id, points, kind, created_at) VALUES "
                        + rows(entries.size() / 5, "(?, ?, ?, ?, ?)"))
                .params(entries)
                .update();
    }

    private Map<UserId, Long> points(List<Long> users, boolean forUpdate) {
        Map<UserId, Long> points = new HashMap<>();
        jdbc.sql("SELECT user_id, points FROM accounts WHERE user_id IN (:users) ORDER BY user_id"
                        + (forUpdate ? " FOR UPDATE" : ""))
                .param("users", users)
                .query(rs -> {
                    points.put(UserId.of(rs.getLong("user_id")), rs.getLong("points"));
                });
        return points;
    }

    private static List<Long> usersOf(List<PendingDraw> draws) {
        TreeSet<Long> users = new TreeSet<>();
        draws.forEach(draw -> users.add(draw.userId().value()));
        return List.copyOf(users);
    }

    private static String rows(int count, String row) {
        return String.join(", ", Collections.nCopies(count, row));
    }
}
