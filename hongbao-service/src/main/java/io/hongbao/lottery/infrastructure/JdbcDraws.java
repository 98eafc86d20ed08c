package io.hongbao.lottery.infrastructure;

import static io.hongbao.platform.db.SqlTime.fromSql;
import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DecidedDraw;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.DrawSpend;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.SpendVerdict;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.outbox.Outbox;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link Draws} in MariaDB/MySQL. Points change only through {@code points = points ± ?} (the debit conditional on
 * enough points), and every movement has a {@code point_entries} row whose unique transfer_ref is derived from the draw
 * id: {@code draw:<id>} for the cost, {@code consolation:<id>} for the credit.
 */
final class JdbcDraws implements Draws {

    /**
     * The draw's own row only: it is on its drawer's shard, its wheel and prizes on the wheel's home (ADR 0093), so the
     * names come from the wheel, which never changes once created and is cached.
     */
    private static final String SELECT_DRAW = "SELECT d.draw_id, d.wheel_id, d.user_id, d.status, d.prize_id,"
            + " d.unit_seq, d.consolation_points, d.points_left, d.created_at FROM lottery_draws d";

    private final JdbcClient jdbc;
    private final DrawBatchRows batches;
    private final Wheels wheels;
    private final Outbox outbox;

    /**
     * @param outbox where each step's event is written, in the step's transaction (ADR 0096)
     * @param unitsReadFrom where a batch looks for a prize unit recorded for another draw: {@code jdbc} itself when it
     *     reaches every database, else every database's own statements (ADR 0101)
     */
    JdbcDraws(JdbcClient jdbc, JdbcTemplate template, Wheels wheels, Outbox outbox, List<JdbcClient> unitsReadFrom) {
        this.jdbc = jdbc;
        this.batches = new DrawBatchRows(jdbc, template, this, outbox, unitsReadFrom);
        this.wheels = wheels;
        this.outbox = outbox;
    }

    @Override
    public List<SpendVerdict> spend(List<DrawSpend> spends) {
        return batches.spend(spends);
    }

    @Override
    public List<Optional<DrawResult>> finish(List<DecidedDraw> decided, Instant now) {
        return batches.finish(decided, now);
    }

    @Override
    public boolean spend(PendingDraw draw, long cost) {
        // Debit first: when it changes no row, nothing else was written and the caller has nothing to undo.
        int debited = jdbc.sql("UPDATE accounts SET points = points - ? WHERE user_id = ? AND points >= ?")
                .params(cost, draw.userId().value(), cost)
                .update();
        if (debited == 0) {
            return false;
        }
        jdbc.sql("INSERT INTO lottery_draws (draw_id, wheel_id, user_id, cost, status, created_at)"
                        + " VALUES (?, ?, ?, ?, 'PENDING', ?)")
                .params(draw.id().value(), draw.wheelId().value(), draw.userId().value(), cost, toSql(draw.at()))
                .update();
        pointEntry("draw:" + draw.id().value(), draw.userId(), -cost, "DRAW", draw.at());
        if (outbox.writes()) {
            // After the debit locked the drawer's row (ordering, Outbox).
            outbox.write(jdbc, DrawEvents.spent(draw, cost));
        }
        return true;
    }

    @Override
    public DrawResult finish(PendingDraw draw, DrawOutcome outcome, Instant now) {
        // The row lock makes concurrent finishers (a request and the recovery worker) take turns: the second one sees
        // DONE and returns what the first recorded.
        String status = jdbc.sql("SELECT status FROM lottery_draws WHERE draw_id = ? FOR UPDATE")
                .param(draw.id().value())
                .query(String.class)
                .single();
        if ("DONE".equals(status)) {
            return find(draw.id()).flatMap(DrawState::result).orElseThrow();
        }
        String prizeId = null;
        Integer unitSeq = null;
        Long consolationPoints = null;
        if (outcome instanceof DrawOutcome.PrizeWon won) {
            prizeId = won.unit().prizeId().value();
            unitSeq = won.unit().seq();
        } else if (outcome instanceof DrawOutcome.ConsolationWon consolation) {
            consolationPoints = consolation.consolation().points();
            credit(draw, consolationPoints, now);
        }
        // Locked: the figure is exact whatever spends run meanwhile, and the outcome's event takes its position after
        // the drawer's row is ours (ordering, Outbox), also for a prize, which credits nothing.
        long pointsLeft = jdbc.sql("SELECT points FROM accounts WHERE user_id = ? FOR UPDATE")
                .param(draw.userId().value())
                .query(Long.class)
                .single();
        jdbc.sql("UPDATE lottery_draws SET status = 'DONE', prize_id = ?, unit_seq = ?, consolation_points = ?,"
                        + " points_left = ?, finished_at = ? WHERE draw_id = ?")
                .params(
                        prizeId,
                        unitSeq,
                        consolationPoints,
                        pointsLeft,
                        toSql(now),
                        draw.id().value())
                .update();
        if (outbox.writes()) {
            outbox.write(
                    jdbc, DrawEvents.decided(draw, outcome, consolationPoints == null ? 0 : consolationPoints, now));
        }
        return new DrawResult(draw.id(), draw.wheelId(), outcome, pointsLeft, draw.at());
    }

    private void credit(PendingDraw draw, long points, Instant now) {
        if (points == 0) {
            return;
        }
        jdbc.sql("UPDATE accounts SET points = points + ? WHERE user_id = ?")
                .params(points, draw.userId().value())
                .update();
        pointEntry("consolation:" + draw.id().value(), draw.userId(), points, "CONSOLATION", now);
    }

    private void pointEntry(String transferRef, UserId user, long points, String kind, Instant at) {
        jdbc.sql("INSERT INTO point_entries (transfer_ref, user_id, points, kind, created_at) VALUES (?, ?, ?, ?, ?)")
                .params(transferRef, user.value(), points, kind, toSql(at))
                .update();
    }

    @Override
    public boolean wonByAnotherDraw(UnitRef unit, DrawId draw) {
        return jdbc.sql("SELECT COUNT(*) FROM lottery_draws WHERE prize_id = ? AND unit_seq = ? AND draw_id <> ?")
                        .params(unit.prizeId().value(), unit.seq(), draw.value())
                        .query(Long.class)
                        .single()
                > 0;
    }

    @Override
    public Optional<DrawState> find(DrawId id) {
        return jdbc.sql(SELECT_DRAW + " WHERE d.draw_id = ?")
                .param(id.value())
                .query((rs, row) -> new DrawState(
                        pending(rs),
                        "DONE".equals(rs.getString("status")) ? Optional.of(result(rs)) : Optional.empty()))
                .optional();
    }

    @Override
    public List<PendingDraw> pendingSince(Instant before, int limit) {
        return jdbc.sql(SELECT_DRAW + " WHERE d.status = 'PENDING' AND d.created_at < ? ORDER BY d.created_at LIMIT ?")
                .params(toSql(before), limit)
                .query((rs, row) -> pending(rs))
                .list();
    }

    @Override
    public List<DrawResult> recent(UserId userId, int limit) {
        return jdbc.sql(SELECT_DRAW + " WHERE d.user_id = ? AND d.status = 'DONE' ORDER BY d.id DESC LIMIT ?")
                .params(userId.value(), limit)
                .query((rs, row) -> result(rs))
                .list();
    }

    private static PendingDraw pending(ResultSet rs) throws SQLException {
        return new PendingDraw(
                new DrawId(rs.getString("draw_id")),
                new WheelId(rs.getString("wheel_id")),
                UserId.of(rs.getLong("user_id")),
                fromSql(rs, "created_at"));
    }

    private DrawResult result(ResultSet rs) throws SQLException {
        WheelId wheelId = new WheelId(rs.getString("wheel_id"));
        Wheel wheel = wheels.find(wheelId)
                .orElseThrow(
                        () -> new IllegalStateException("draw of wheel " + wheelId.value() + ", which is missing"));
        String prizeId = rs.getString("prize_id");
        DrawOutcome outcome = prizeId != null
                ? new DrawOutcome.PrizeWon(
                        new UnitRef(new PrizeId(prizeId), rs.getInt("unit_seq")), prizeName(wheel, prizeId))
                : new DrawOutcome.ConsolationWon(
                        new Consolation(wheel.consolation().name(), rs.getLong("consolation_points")));
        return new DrawResult(
                new DrawId(rs.getString("draw_id")),
                new WheelId(rs.getString("wheel_id")),
                outcome,
                rs.getLong("points_left"),
                fromSql(rs, "created_at"));
    }

    private static String prizeName(Wheel wheel, String prizeId) {
        return wheel.prizes().stream()
                .filter(prize -> prize.id().value().equals(prizeId))
                .map(Prize::name)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("prize " + prizeId + " is not one of wheel "
                        + wheel.id().value() + "'s"));
    }
}
