package io.hongbao.lottery.web;

import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Names;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** The body of {@code POST /api/v1/admin/wheels}; the model's own checks become 400 VALIDATION_FAILED. */
final class WheelRequests {

    private static final Pattern HOUR_KEY = Pattern.compile("0|[1-9]|1[0-9]|2[0-3]");

    private WheelRequests() {}

    @Schema(description = "A new lottery wheel")
    record CreateWheelRequest(
            @Schema(
                    description = "a display name, not blank",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minLength = 1,
                    maxLength = Names.MAX_LENGTH,
                    example = "Spring wheel")
            String name,

            @Schema(
                    description = "points a draw costs",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "1",
                    maximum = "" + Wheel.MAX_DRAW_COST,
                    example = "10")
            Long drawCost,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            ConsolationRequest consolation,

            @ArraySchema(
                    arraySchema =
                            @Schema(
                                    description =
                                            "the prizes, with stocks adding up to at most " + Wheel.MAX_TOTAL_STOCK,
                                    requiredMode = Schema.RequiredMode.REQUIRED),
                    minItems = 1,
                    maxItems = Wheel.MAX_PRIZES)
            List<PrizeRequest> prizes,

            @Schema(
                    description = "when the campaign starts (UTC)",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    format = "date-time",
                    example = "2026-11-22T00:00:00Z")
            String startsAt,

            @Schema(
                    description = "when it ends (UTC), after startsAt and at most a year and a day later",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    format = "date-time",
                    example = "2026-11-29T00:00:00Z")
            String endsAt,

            @Schema(
                    type = "object",
                    description =
                            "weights of hours of day (UTC), keyed \"0\" to \"23\"; an hour not listed" + " weighs 1.0",
                    nullable = true,
                    example = "{\"20\": 3.0, \"21\": 3.0}")
            Map<String, Double> hourlyWeights) {

        Wheel toWheel() {
            if (drawCost == null) {
                throw ApiException.validation("drawCost is required");
            }
            if (consolation == null) {
                throw ApiException.validation("consolation is required");
            }
            try {
                return new Wheel(
                        WheelId.random(),
                        name,
                        drawCost,
                        consolation.toConsolation(),
                        toPrizes(),
                        new Campaign(instant("startsAt", startsAt), instant("endsAt", endsAt)),
                        HourlyWeights.of(hours()));
            } catch (IllegalArgumentException e) {
                throw ApiException.validation(e.getMessage());
            }
        }

        private List<Prize> toPrizes() {
            if (prizes == null || prizes.isEmpty()) {
                throw ApiException.validation("prizes must list at least one prize");
            }
            List<Prize> result = new ArrayList<>();
            for (PrizeRequest prize : prizes) {
                if (prize == null) {
                    throw ApiException.validation("a prize is an object {\"name\", \"stock\"}");
                }
                result.add(prize.toPrize());
            }
            return result;
        }

        private Map<Integer, Double> hours() {
            Map<Integer, Double> hours = new TreeMap<>();
            if (hourlyWeights != null) {
                hourlyWeights.forEach((key, weight) -> {
                    if (!HOUR_KEY.matcher(key).matches()) {
                        throw ApiException.validation("hourlyWeights keys are hours of day \"0\"..\"23\": " + key);
                    }
                    hours.put(Integer.parseInt(key), weight);
                });
            }
            return hours;
        }
    }

    @Schema(description = "What a draw wins when no prize is released")
    record ConsolationRequest(
            @Schema(
                    description = "a display name, not blank",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minLength = 1,
                    maxLength = Names.MAX_LENGTH,
                    example = "10 points back")
            String name,

            @Schema(
                    description = "points credited back (may be 0)",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "0",
                    maximum = "" + Wheel.MAX_DRAW_COST,
                    example = "10")
            Long points) {
        Consolation toConsolation() {
            if (points == null || points < 0 || points > Wheel.MAX_DRAW_COST) {
                throw ApiException.validation("consolation.points must be 0.." + Wheel.MAX_DRAW_COST);
            }
            return new Consolation(name, points);
        }
    }

    @Schema(description = "A prize and how many units of it the campaign releases")
    record PrizeRequest(
            @Schema(
                    description = "a display name, not blank",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minLength = 1,
                    maxLength = Names.MAX_LENGTH,
                    example = "Phone")
            String name,

            @Schema(
                    description = "units released over the campaign",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "0",
                    maximum = "" + Wheel.MAX_TOTAL_STOCK,
                    example = "5")
            Long stock) {
        Prize toPrize() {
            if (stock == null || stock < 0 || stock > Wheel.MAX_TOTAL_STOCK) {
                throw ApiException.validation("a prize's stock must be 0.." + Wheel.MAX_TOTAL_STOCK);
            }
            return new Prize(PrizeId.random(), name, stock.intValue());
        }
    }

    private static Instant instant(String field, String text) {
        if (text == null) {
            throw ApiException.validation(field + " is required");
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw ApiException.validation(field + " must be an ISO-8601 UTC time such as 2026-11-22T10:00:00Z");
        }
    }
}
