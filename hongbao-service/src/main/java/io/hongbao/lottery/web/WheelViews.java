package io.hongbao.lottery.web;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.PrizeTally;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.WheelStatus;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON shapes of the Lottery wheels section of docs/api.md. */
final class WheelViews {

    private WheelViews() {}

    /** GET wheel (and the creation's answer): the contract's fields, plus the consolation and weights as given. */
    @Schema(description = "A lottery wheel")
    record WheelView(
            @Schema(description = "the wheel's opaque id", example = "6f1c2a8e-3b0d-4c55-9a57-2d2f4b8e9c10")
            String id,

            @Schema(example = "Spring wheel") String name,

            @Schema(description = "points a draw costs", example = "10")
            long drawCost,

            ConsolationView consolation,
            List<PrizeView> prizes,
            @Schema(example = "2026-11-22T00:00:00Z") Instant startsAt,
            @Schema(example = "2026-11-29T00:00:00Z") Instant endsAt,

            @Schema(
                    type = "object",
                    description = "the weights given at creation, keyed by hour of day (UTC)",
                    example = "{\"20\": 3.0, \"21\": 3.0}")
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

    @Schema(description = "Wheels, newest first")
    record WheelsView(List<WheelView> items) {}

    @Schema(description = "A prize of a wheel and how far its campaign got")
    record PrizeView(
            @Schema(description = "the prize's opaque id", example = "0b7e6c4d-5a2f-4e8b-9d1c-3f6a7b8c9d0e")
            String id,

            @Schema(example = "Phone") String name,

            @Schema(description = "units the campaign releases in all", example = "5")
            long stock,

            @Schema(description = "units released so far", example = "2")
            long released,

            @Schema(description = "units won so far", example = "1")
            long won) {
        static PrizeView of(PrizeTally tally) {
            return new PrizeView(
                    tally.prize().id().value(),
                    tally.prize().name(),
                    tally.prize().stock(),
                    tally.released(),
                    tally.won());
        }
    }

    @Schema(description = "What a draw wins when no prize is released")
    record ConsolationView(
            @Schema(example = "10 points back") String name,

            @Schema(description = "points credited back", example = "10")
            long points) {
        static ConsolationView of(Consolation consolation) {
            return new ConsolationView(consolation.name(), consolation.points());
        }
    }

    @Schema(description = "A prize won")
    record PrizeRef(
            @Schema(example = "0b7e6c4d-5a2f-4e8b-9d1c-3f6a7b8c9d0e")
            String id,

            @Schema(example = "Phone") String name) {}

    /** The draw's answer: exactly one of {@code prize}, {@code consolation} is set (the other is JSON null). */
    @Schema(description = "What a draw won: exactly one of prize and consolation is set, the other is null")
    record DrawView(
            @Schema(example = "5d2c9a7e-1f3b-4c6d-8e9f-0a1b2c3d4e5f")
            String drawId,

            @Schema(description = "the prize won; null when the draw won the consolation", nullable = true)
            PrizeRef prize,

            @Schema(description = "the consolation won; null when the draw won a prize", nullable = true)
            ConsolationView consolation,

            @Schema(description = "the caller's points after the draw", example = "90")
            long pointsLeft) {
        static DrawView of(DrawResult result) {
            return new DrawView(result.id().value(), prizeOf(result), consolationOf(result), result.pointsLeft());
        }
    }

    /** A draw whose points are spent and whose outcome is not decided yet. */
    @Schema(description = "A draw whose points are spent and whose outcome the service decides shortly")
    record PendingDrawView(
            @Schema(example = "5d2c9a7e-1f3b-4c6d-8e9f-0a1b2c3d4e5f")
            String drawId,

            @Schema(description = "always PENDING", allowableValues = "PENDING", example = "PENDING")
            String status) {
        static PendingDrawView of(DrawId draw) {
            return new PendingDrawView(draw.value(), "PENDING");
        }
    }

    @Schema(description = "A draw of the caller's")
    record DrawItem(
            @Schema(example = "5d2c9a7e-1f3b-4c6d-8e9f-0a1b2c3d4e5f")
            String drawId,

            @Schema(example = "6f1c2a8e-3b0d-4c55-9a57-2d2f4b8e9c10")
            String wheelId,

            @Schema(description = "the prize won; null when the draw won the consolation", nullable = true)
            PrizeRef prize,

            @Schema(description = "the consolation won; null when the draw won a prize", nullable = true)
            ConsolationView consolation,

            @Schema(example = "2026-11-22T20:15:00Z") Instant at) {
        static DrawItem of(DrawResult result) {
            return new DrawItem(
                    result.id().value(), result.wheelId().value(), prizeOf(result), consolationOf(result), result.at());
        }
    }

    @Schema(description = "A page of the caller's draws, newest first")
    record DrawsView(List<DrawItem> items) {
        static DrawsView of(List<DrawResult> draws) {
            return new DrawsView(draws.stream().map(DrawItem::of).toList());
        }
    }

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
