package io.hongbao.lottery.web;

import io.hongbao.lottery.model.Campaign;
import io.hongbao.lottery.model.Consolation;
import io.hongbao.lottery.model.HourlyWeights;
import io.hongbao.lottery.model.Prize;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.Wheel;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.platform.web.ApiException;
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

    record CreateWheelRequest(
            String name,
            Long drawCost,
            ConsolationRequest consolation,
            List<PrizeRequest> prizes,
            String startsAt,
            String endsAt,
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

    record ConsolationRequest(String name, Long points) {
        Consolation toConsolation() {
            if (points == null || points < 0 || points > Wheel.MAX_DRAW_COST) {
                throw ApiException.validation("consolation.points must be 0.." + Wheel.MAX_DRAW_COST);
            }
            return new Consolation(name, points);
        }
    }

    record PrizeRequest(String name, Long stock) {
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
