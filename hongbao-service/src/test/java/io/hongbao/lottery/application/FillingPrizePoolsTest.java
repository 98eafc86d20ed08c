package io.hongbao.lottery.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.release.PlacedUnit;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.support.InMemoryTransactions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Filling the pools with in-memory ports, no Spring: each hour is placed once and its units published to the pool
 * after the commit; a pool Redis lost is loaded whole, and hours a crash left unpublished are published again.
 */
class FillingPrizePoolsTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final Wheel WHEEL = new Wheel(
            WheelId.random(),
            "w",
            10,
            new Consolation("back", 1),
            List.of(new Prize(PrizeId.random(), "Phone", 60), new Prize(PrizeId.random(), "Mug", 12)),
            new Campaign(NOW, NOW.plus(Duration.ofHours(6))),
            HourlyWeights.uniform());

    private final InMemoryReleaseSchedule schedule = new InMemoryReleaseSchedule();
    private final InMemoryPrizePools pools = new InMemoryPrizePools();
    private final FillingPrizePools filling =
            new FillingPrizePools(schedule, pools, new InMemoryTransactions(), new Random(7), Duration.ofHours(1));

    @BeforeEach
    void aWheelWasCreated() {
        schedule.add(WHEEL);
        filling.load(WHEEL.id());
    }

    @Test
    void eachHourIsPlacedOnceHoweverOftenTheFillerRuns() {
        filling.fill(WHEEL.id(), NOW);
        filling.fill(WHEEL.id(), NOW);
        filling.fillDue(NOW, 10);
        filling.fill(WHEEL.id(), NOW.plus(Duration.ofMinutes(30)));
        filling.fill(WHEEL.id(), NOW.plus(Duration.ofMinutes(30)));

        assertThat(schedule.hours(WHEEL.id())).containsExactly(NOW, NOW.plus(Duration.ofHours(1)));
        List<UnitRef> placed = units(schedule.placed(WHEEL.id()));
        assertThat(placed).doesNotHaveDuplicates();
        assertThat(pools.unwon(WHEEL.id()))
                .hasValueSatisfying(pool -> assertThat(pool).containsExactlyInAnyOrderElementsOf(placed));
        assertThat(schedule.unpublishedHours(WHEEL.id())).isEmpty();
    }

    @Test
    void overTheCampaignEveryUnitOfTheStockIsPlacedOnceAndPublished() {
        for (Instant now = NOW; now.isBefore(NOW.plus(Duration.ofHours(8))); now = now.plus(Duration.ofMinutes(10))) {
            filling.fillDue(now, 10);
        }

        List<UnitRef> placed = units(schedule.placed(WHEEL.id()));
        assertThat(placed).hasSize(72).doesNotHaveDuplicates();
        assertThat(schedule.hours(WHEEL.id())).hasSize(6).doesNotHaveDuplicates();
        assertThat(schedule.unpublishedHours(WHEEL.id())).isEmpty();
        assertThat(pools.unwon(WHEEL.id()))
                .hasValueSatisfying(pool -> assertThat(pool).containsExactlyInAnyOrderElementsOf(placed));
        assertThat(filling.fillDue(NOW.plus(Duration.ofHours(8)), 10)).isZero();
    }

    @Test
    void aPoolRedisLostIsLoadedWholeAndAWonUnitStaysWon() {
        filling.fill(WHEEL.id(), NOW);
        UnitRef won = ((PoolTake.Unit) pools.take(WHEEL.id(), DrawId.random(), NOW.plus(Duration.ofHours(1)))
                        .toCompletableFuture()
                        .join())
                .unit();
        schedule.won(won);
        pools.lose(WHEEL.id());

        filling.fill(WHEEL.id(), NOW.plus(Duration.ofMinutes(30)));

        List<UnitRef> placed = units(schedule.placed(WHEEL.id()));
        assertThat(pools.unwon(WHEEL.id()))
                .hasValueSatisfying(pool -> assertThat(pool)
                        .doesNotContain(won)
                        .containsExactlyInAnyOrderElementsOf(placed.stream()
                                .filter(unit -> !unit.equals(won))
                                .toList()));
        assertThat(schedule.unpublishedHours(WHEEL.id())).isEmpty();
    }

    @Test
    void hoursACrashLeftUnpublishedArePublishedAgainOnce() {
        pools.failing(true);
        assertThat(filling.fillDue(NOW, 10)).isEqualTo(1);
        assertThat(schedule.unpublishedHours(WHEEL.id())).containsExactly(NOW);
        pools.failing(false);

        assertThat(filling.republish(NOW.plusSeconds(1), 10)).isEqualTo(1);
        assertThat(filling.republish(NOW.plusSeconds(1), 10)).isZero();

        assertThat(schedule.unpublishedHours(WHEEL.id())).isEmpty();
        assertThat(pools.unwon(WHEEL.id()))
                .hasValueSatisfying(pool ->
                        assertThat(pool).containsExactlyInAnyOrderElementsOf(units(schedule.placed(WHEEL.id()))));
    }

    @Test
    void anHourThatCannotBePublishedDoesNotHoldUpTheHoursBehindIt() {
        Wheel other = new Wheel(
                WheelId.random(),
                "other",
                10,
                new Consolation("back", 1),
                List.of(new Prize(PrizeId.random(), "Pen", 30)),
                new Campaign(NOW, NOW.plus(Duration.ofHours(6))),
                HourlyWeights.uniform());
        schedule.add(other);
        filling.load(other.id());
        pools.failing(true);
        filling.fillDue(NOW, 10);
        pools.failing(false);
        pools.broken(WHEEL.id());
        List<String> failed = new ArrayList<>();

        assertThat(filling.republish(NOW.plusSeconds(1), 10, (item, e) -> failed.add(item)))
                .isEqualTo(1);

        assertThat(schedule.unpublishedHours(other.id())).isEmpty();
        assertThat(schedule.unpublishedHours(WHEEL.id())).containsExactly(NOW);
        assertThat(failed)
                .containsExactly("hour " + NOW + " of wheel " + WHEEL.id().value());
    }

    private static List<UnitRef> units(List<PlacedUnit> placed) {
        return placed.stream().map(PlacedUnit::unit).toList();
    }
}
