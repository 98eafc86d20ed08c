package io.hongbao.lottery.infrastructure;

import static io.hongbao.platform.db.SqlTime.fromSql;
import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.HourPlacement;
import io.hongbao.lottery.model.release.PlacedUnit;
import io.hongbao.lottery.model.release.PlacingCursor;
import io.hongbao.lottery.model.release.PrizeStock;
import io.hongbao.lottery.model.release.ReleaseSchedule;
import io.hongbao.lottery.model.release.UnpublishedHour;
import io.hongbao.lottery.model.release.WheelUnits;
import io.hongbao.platform.collections.Chunks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link ReleaseSchedule} in MariaDB/MySQL. A wheel's row, prizes, hours and units are on its home shard (ADR 0093):
 * placing an hour writes that one database in one local transaction. The wheel row's lock
 * ({@code SELECT ... FOR UPDATE}) serialises placing per wheel across instances, so hours are placed in order, each
 * from the stock the previous ones left; the primary key of {@code lottery_hours} is a second guard against placing an
 * hour twice.
 */
final class JdbcReleaseSchedule implements ReleaseSchedule {

    /** Rows per multi-row INSERT: far below max_allowed_packet, few round trips. */
    private static final int ROWS_PER_INSERT = 500;

    private final JdbcClient jdbc;

    JdbcReleaseSchedule(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public List<WheelId> dueForPlacing(Instant until, int limit) {
        return jdbc.sql("SELECT id FROM lottery_wheels WHERE placed_until < ends_at AND placed_until < ?"
                        + " ORDER BY placed_until LIMIT ?")
                .params(toSql(until), limit)
                .query((rs, row) -> new WheelId(rs.getString("id")))
                .list();
    }

    @Override
    public Optional<PlacingCursor> lockForPlacing(WheelId id) {
        Optional<Instant> placedUntil = jdbc.sql("SELECT placed_until FROM lottery_wheels WHERE id = ? FOR UPDATE")
                .param(id.value())
                .query((rs, row) -> fromSql(rs, "placed_until"))
                .optional();
        if (placedUntil.isEmpty()) {
            return Optional.empty();
        }
        List<PrizeStock> stocks = jdbc.sql(
                        "SELECT id, stock, placed FROM lottery_prizes WHERE wheel_id = ?" + " ORDER BY position")
                .param(id.value())
                .query((rs, row) ->
                        new PrizeStock(new PrizeId(rs.getString("id")), rs.getInt("stock"), rs.getInt("placed")))
                .list();
        return WheelRows.find(jdbc, id, false).map(wheel -> new PlacingCursor(wheel, placedUntil.get(), stocks));
    }

    @Override
    public void record(WheelId id, List<HourPlacement> hours, Instant placedUntil, Instant now) {
        Map<PrizeId, Integer> reserved = new LinkedHashMap<>();
        List<Object[]> hourRows = new ArrayList<>();
        List<Object[]> unitRows = new ArrayList<>();
        for (HourPlacement hour : hours) {
            hourRows.add(
                    new Object[] {id.value(), toSql(hour.hour()), hour.units().size(), toSql(now)});
            for (PlacedUnit unit : hour.units()) {
                unitRows.add(new Object[] {
                    unit.unit().prizeId().value(),
                    unit.unit().seq(),
                    id.value(),
                    toSql(hour.hour()),
                    toSql(unit.releaseAt())
                });
                reserved.merge(unit.unit().prizeId(), 1, Integer::sum);
            }
        }
        // A duplicate hour fails the whole transaction: the hour was placed already, and nothing of this try stays.
        insertRows(
                "INSERT INTO lottery_hours (wheel_id, hour_start, units, published, created_at) VALUES ",
                "(?, ?, ?, FALSE, ?)",
                hourRows);
        insertRows(
                "INSERT INTO lottery_units (prize_id, seq, wheel_id, hour_start, release_at) VALUES ",
                "(?, ?, ?, ?, ?)",
                unitRows);
        reserved.forEach((prize, units) -> reserve(id, prize, units));
        jdbc.sql("UPDATE lottery_wheels SET placed_until = ? WHERE id = ?")
                .params(toSql(placedUntil), id.value())
                .update();
    }

    /**
     * Conditional, so that no mistake upstream can ever place more than the stock. The wheel id routes it to the
     * wheel's home alone.
     */
    private void reserve(WheelId wheel, PrizeId prize, int units) {
        int updated = jdbc.sql("UPDATE lottery_prizes SET placed = placed + ? WHERE wheel_id = ? AND id = ?"
                        + " AND placed + ? <= stock")
                .params(units, wheel.value(), prize.value(), units)
                .update();
        if (updated != 1) {
            throw new IllegalStateException(
                    "placing " + units + " units of prize " + prize.value() + " exceeds its stock");
        }
    }

    @Override
    public List<UnpublishedHour> unpublished(Instant recordedBefore, int limit) {
        return jdbc
                .sql("SELECT wheel_id, hour_start FROM lottery_hours WHERE published = FALSE AND created_at < ?"
                        + " ORDER BY created_at LIMIT ?")
                .params(toSql(recordedBefore), limit)
                .query((rs, row) -> new HourKey(new WheelId(rs.getString("wheel_id")), fromSql(rs, "hour_start")))
                .list()
                .stream()
                .map(key -> new UnpublishedHour(key.wheel(), key.hour(), unwonUnits(key.wheel(), key.hour())))
                .toList();
    }

    /** The hour's units minus those the database already records as won (the pool script also skips Redis's). */
    private List<PlacedUnit> unwonUnits(WheelId wheel, Instant hour) {
        return unwon(placed(" AND hour_start = ?", wheel.value(), toSql(hour)), won(wheel));
    }

    @Override
    public WheelUnits units(WheelId id) {
        List<UnitRef> won = won(id);
        return new WheelUnits(unwon(placed("", id.value()), won), won);
    }

    /** On the wheel's home: one shard. */
    private List<PlacedUnit> placed(String condition, Object... params) {
        return jdbc.sql("SELECT prize_id, seq, release_at FROM lottery_units WHERE wheel_id = ?" + condition)
                .params(params)
                .query((rs, row) -> new PlacedUnit(
                        new UnitRef(new PrizeId(rs.getString("prize_id")), rs.getInt("seq")),
                        fromSql(rs, "release_at")))
                .list();
    }

    /**
     * The wheel's units the database records as won, from every shard: each draw is on its drawer's, never joined with
     * the units on the wheel's home (ADR 0093). By the wheel's prize ids, which the unique key of a won unit
     * ({@code lottery_draws_unit_once}) leads with, so no shard scans its draws.
     */
    private List<UnitRef> won(WheelId wheel) {
        List<String> prizes = jdbc.sql("SELECT id FROM lottery_prizes WHERE wheel_id = ?")
                .param(wheel.value())
                .query(String.class)
                .list();
        if (prizes.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT prize_id, unit_seq FROM lottery_draws WHERE prize_id IN ("
                        + String.join(", ", Collections.nCopies(prizes.size(), "?")) + ")")
                .params(new ArrayList<Object>(prizes))
                .query((rs, row) -> new UnitRef(new PrizeId(rs.getString("prize_id")), rs.getInt("unit_seq")))
                .list();
    }

    private static List<PlacedUnit> unwon(List<PlacedUnit> placed, List<UnitRef> won) {
        Set<UnitRef> taken = new HashSet<>(won);
        return placed.stream().filter(unit -> !taken.contains(unit.unit())).toList();
    }

    @Override
    public void markPublished(WheelId id, List<Instant> hours) {
        for (List<Instant> chunk : Chunks.of(hours, ROWS_PER_INSERT)) {
            List<Object> params = new ArrayList<>();
            params.add(id.value());
            chunk.forEach(hour -> params.add(toSql(hour)));
            jdbc.sql("UPDATE lottery_hours SET published = TRUE WHERE wheel_id = ? AND hour_start IN ("
                            + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")")
                    .params(params)
                    .update();
        }
    }

    private void insertRows(String insert, String rowPlaceholders, List<Object[]> rows) {
        for (List<Object[]> chunk : Chunks.of(rows, ROWS_PER_INSERT)) {
            List<Object> params = new ArrayList<>();
            chunk.forEach(row -> params.addAll(List.of(row)));
            jdbc.sql(insert + String.join(", ", Collections.nCopies(chunk.size(), rowPlaceholders)))
                    .params(params)
                    .update();
        }
    }

    private record HourKey(WheelId wheel, Instant hour) {}
}
