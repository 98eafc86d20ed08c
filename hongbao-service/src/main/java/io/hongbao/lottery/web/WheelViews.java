package io.hongbao.lottery.web;

import io.hongbao.lottery.model.Consolation;
import io.hongbao.lottery.model.DrawOutcome;
import io.hongbao.lottery.model.DrawResult;
import io.hongbao.lottery.model.PrizeTally;
import io.hongbao.lottery.model.Wheel;
import io.hongbao.lottery.model.WheelStatus;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON shapes of the Lottery wheels section of docs/api.md. */
final class WheelViews {

    private WheelViews() {}

    /** GET wheel (and the creation's answer): the contract's fields, plus the consolation and weights as given. */
    record WheelView(
            String id,
            String name,
            long drawCost,
            ConsolationView consolation,
            List<PrizeView> prizes,
            Instant startsAt,
            Instant endsAt,
            Map<String, Double> hourlyWeights) {

        static WheelView of(WheelStatus status) {
            Wheel wheel = status.wheel();
            Map<String, Double> weights = new LinkedHashMap<>();
            wheel.weights().given().forEach((hour, weight) -> weights.put(Integer.toString(hour), weight));
            return new WheelView(
                    wheel.id().value(),
                    wheel.name(),
                    wheel.drawCost(),
                    ConsolationView.of(wheel.consolation()),
                    status.prizes().stream().map(PrizeView::of).toList(),
                    wheel.campaign().startsAt(),
                    wheel.campaign().endsAt(),
                    weights);
        }
    }

    record PrizeView(String id, String name, long stock, long released, long won) {
        static PrizeView of(PrizeTally tally) {
            return new PrizeView(
                    tally.prize().id().value(),
                    tally.prize().name(),
                    tally.prize().stock(),
                    tally.released(),
                    tally.won());
        }
    }

    record ConsolationView(String name, long points) {
        static ConsolationView of(Consolation consolation) {
            return new ConsolationView(consolation.name(), consolation.points());
        }
    }

    record PrizeRef(String id, String name) {}

    /** The draw's answer: exactly one of {@code prize}, {@code consolation} is set (the other is JSON null). */
    record DrawView(String drawId, PrizeRef prize, ConsolationView consolation, long pointsLeft) {
        static DrawView of(DrawResult result) {
            return new DrawView(result.id().value(), prizeOf(result), consolationOf(result), result.pointsLeft());
        }
    }

    record DrawItem(String drawId, String wheelId, PrizeRef prize, ConsolationView consolation, Instant at) {
        static DrawItem of(DrawResult result) {
            return new DrawItem(
                    result.id().value(), result.wheelId().value(), prizeOf(result), consolationOf(result), result.at());
        }
    }

    record DrawsView(List<DrawItem> items) {
        static DrawsView of(List<DrawResult> draws) {
            return new DrawsView(draws.stream().map(DrawItem::of).toList());
        }
    }

    /** What the first step of a draw records as an idempotent request's answer. */
    record SpentView(String drawId) {}

    private static PrizeRef prizeOf(DrawResult result) {
        return result.outcome() instanceof DrawOutcome.PrizeWon won
                ? new PrizeRef(won.unit().prizeId().value(), won.prizeName())
                : null;
    }

    private static ConsolationView consolationOf(DrawResult result) {
        return result.outcome() instanceof DrawOutcome.ConsolationWon won
                ? ConsolationView.of(won.consolation())
                : null;
    }
}
