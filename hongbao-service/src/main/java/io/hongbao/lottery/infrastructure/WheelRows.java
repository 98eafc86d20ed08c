package io.hongbao.lottery.infrastructure;

import static io.hongbao.platform.db.SqlTime.fromSql;

import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Reads a wheel and its prizes; shared by the wheel store and the release schedule (which reads under a lock). */
final class WheelRows {

    static final String COLUMNS =
            "id, name, draw_cost, consolation_name, consolation_points, starts_at, ends_at, hourly_weights, placed_until";

    private WheelRows() {}

    static Optional<Wheel> find(JdbcClient jdbc, WheelId id, boolean forUpdate) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM lottery_wheels WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
                .param(id.value())
                .query((rs, row) -> wheel(rs, prizes(jdbc, id)))
                .optional();
    }

    static Wheel wheel(ResultSet rs, List<Prize> prizes) throws SQLException {
        return new Wheel(
                new WheelId(rs.getString("id")),
                rs.getString("name"),
                rs.getLong("draw_cost"),
                new Consolation(rs.getString("consolation_name"), rs.getLong("consolation_points")),
                prizes,
                new Campaign(fromSql(rs, "starts_at"), fromSql(rs, "ends_at")),
                HourlyWeights.decode(rs.getString("hourly_weights")));
    }

    static List<Prize> prizes(JdbcClient jdbc, WheelId id) {
        return jdbc.sql("SELECT id, name, stock FROM lottery_prizes WHERE wheel_id = ? ORDER BY position")
                .param(id.value())
                .query((rs, row) ->
                        new Prize(new PrizeId(rs.getString("id")), rs.getString("name"), rs.getInt("stock")))
                .list();
    }
}
