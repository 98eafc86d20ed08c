package io.hongbao.lottery.application;

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
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The database's release schedule in memory, with its guards: an hour is recorded once (a second recording fails
 * and changes nothing) and never more than a prize's stock is placed. Units become won through {@link #won}.
 */
final class InMemoryReleaseSchedule implements ReleaseSchedule {

    private final Map<WheelId, Schedule> wheels = new LinkedHashMap<>();
    private final Set<UnitRef> won = new HashSet<>();

    /** What creating the wheel stores: nothing placed, the cursor at the campaign's first hour. */
    void add(Wheel wheel) {
        wheels.put(wheel.id(), new Schedule(wheel));
    }

    void won(UnitRef unit) {
        won.add(unit);
    }

    @Override
    public List<WheelId> dueForPlacing(Instant until, int limit) {
        return wheels.values().stream()
                .filter(s -> s.placedUntil.isBefore(s.wheel.campaign().endsAt()) && s.placedUntil.isBefore(until))
                .sorted(Comparator.comparing(s -> s.placedUntil))
                .limit(limit)
                .map(s -> s.wheel.id())
                .toList();
    }

    @Override
    public Optional<PlacingCursor> lockForPlacing(WheelId id) {
        return Optional.ofNullable(wheels.get(id))
                .map(s -> new PlacingCursor(s.wheel, s.placedUntil, List.copyOf(s.stocks.values())));
    }

    @Override
    public void record(WheelId id, List<HourPlacement> hours, Instant placedUntil, Instant now) {
        Schedule schedule = wheels.get(id);
        Map<PrizeId, PrizeStock> stocks = new LinkedHashMap<>(schedule.stocks);
        for (HourPlacement hour : hours) {
            if (schedule.hours.containsKey(hour.hour())) {
                throw new IllegalStateException("hour " + hour.hour() + " placed twice");
            }
            for (PlacedUnit unit : hour.units()) {
                stocks.compute(unit.unit().prizeId(), (prize, stock) -> stock.place(1));
            }
        }
        hours.forEach(hour -> schedule.hours.put(hour.hour(), new Hour(hour.units(), now)));
        schedule.stocks.putAll(stocks);
        schedule.placedUntil = placedUntil;
    }

    @Override
    public List<UnpublishedHour> unpublished(Instant recordedBefore, int limit) {
        List<UnpublishedHour> found = new ArrayList<>();
        wheels.values()
                .forEach(s -> s.hours.forEach((start, hour) -> {
                    if (!hour.published && hour.recordedAt.isBefore(recordedBefore)) {
                        found.add(new UnpublishedHour(s.wheel.id(), start, unwon(hour.units)));
                    }
                }));
        return found.stream().limit(limit).toList();
    }

    @Override
    public void markPublished(WheelId id, List<Instant> hours) {
        hours.forEach(hour -> wheels.get(id).hours.get(hour).published = true);
    }

    @Override
    public WheelUnits units(WheelId id) {
        List<PlacedUnit> placed = placed(id);
        return new WheelUnits(
                unwon(placed),
                placed.stream().map(PlacedUnit::unit).filter(won::contains).toList());
    }

    List<PlacedUnit> placed(WheelId id) {
        return wheels.get(id).hours.values().stream()
                .flatMap(hour -> hour.units.stream())
                .toList();
    }

    /** Hour starts, each once as recorded. */
    List<Instant> hours(WheelId id) {
        return List.copyOf(wheels.get(id).hours.keySet());
    }

    List<Instant> unpublishedHours(WheelId id) {
        return wheels.get(id).hours.entrySet().stream()
                .filter(e -> !e.getValue().published)
                .map(Map.Entry::getKey)
                .toList();
    }

    private List<PlacedUnit> unwon(List<PlacedUnit> units) {
        return units.stream().filter(u -> !won.contains(u.unit())).toList();
    }

    private static final class Schedule {
        final Wheel wheel;
        final Map<PrizeId, PrizeStock> stocks = new LinkedHashMap<>();
        final Map<Instant, Hour> hours = new LinkedHashMap<>();
        Instant placedUntil;

        Schedule(Wheel wheel) {
            this.wheel = wheel;
            this.placedUntil = wheel.campaign().firstHour();
            for (Prize prize : wheel.prizes()) {
                stocks.put(prize.id(), new PrizeStock(prize.id(), prize.stock(), 0));
            }
        }
    }

    private static final class Hour {
        final List<PlacedUnit> units;
        final Instant recordedAt;
        boolean published;

        Hour(List<PlacedUnit> units, Instant recordedAt) {
            this.units = units;
            this.recordedAt = recordedAt;
        }
    }
}
