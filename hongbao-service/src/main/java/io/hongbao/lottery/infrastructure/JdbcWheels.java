package io.hongbao.lottery.infrastructure;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.PrizeTally;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link Wheels} in MariaDB/MySQL. A wheel and its prizes are written on its home shard (ADR 0093), in the caller's one
 * local transaction; the newest wheels are read from every shard.
 */
final class JdbcWheels implements Wheels {

    private final JdbcClient jdbc;

    JdbcWheels(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void add(Wheel wheel, Instant createdAt) {
        jdbc.sql("INSERT INTO lottery_wheels (id, name, draw_cost, consolation_name, consolation_points, starts_at,"
                        + " ends_at, hourly_weights, placed_until, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        wheel.id().value(),
                        wheel.name(),
                        wheel.drawCost(),
                        wheel.consolation().name(),
                        wheel.consolation().points(),
                        toSql(wheel.campaign().startsAt()),
                        toSql(wheel.campaign().endsAt()),
                        wheel.weights().encode(),
                        toSql(wheel.campaign().firstHour()),
                        toSql(createdAt))
                .update();
        List<Prize> prizes = wheel.prizes();
        for (int i = 0; i < prizes.size(); i++) {
            jdbc.sql(
                            "INSERT INTO lottery_prizes (id, wheel_id, position, name, stock, placed) VALUES (?, ?, ?, ?, ?, 0)")
                    .params(
                            prizes.get(i).id().value(),
                            wheel.id().value(),
                            i,
                            prizes.get(i).name(),
                            prizes.get(i).stock())
                    .update();
        }
    }

    @Override
    public Optional<Wheel> find(WheelId id) {
        return WheelRows.find(jdbc, id, false);
    }

    @Override
    public List<WheelId> newest(int limit) {
        return jdbc.sql("SELECT id FROM lottery_wheels ORDER BY created_at DESC, id DESC LIMIT ?")
                .param(limit)
                .query((rs, row) -> new WheelId(rs.getString("id")))
                .list();
    }

    @Override
    public List<PrizeTally> tally(Wheel wheel, Instant now) {
        List<PrizeTally> tallies = new ArrayList<>();
        for (Prize prize : wheel.prizes()) {
            // on the wheel's home; the draws, every drawer's shard
            long released = jdbc.sql("SELECT COUNT(*) FROM lottery_units WHERE wheel_id = ? AND prize_id = ?"
                            + " AND release_at <= ?")
                    .params(wheel.id().value(), prize.id().value(), toSql(now))
                    .query(Long.class)
                    .single();
            long won = jdbc.sql("SELECT COUNT(*) FROM lottery_draws WHERE prize_id = ?")
                    .param(prize.id().value())
                    .query(Long.class)
                    .single();
            tallies.add(new PrizeTally(prize, released, won));
        }
        return tallies;
    }
}
