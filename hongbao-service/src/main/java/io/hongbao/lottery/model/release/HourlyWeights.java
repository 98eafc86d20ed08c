package io.hongbao.lottery.model.release;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How much of the remaining stock each UTC hour of day gets, relative to the others. Hours not given weigh 1.0; a
 * weight of 0 releases nothing in that hour (except in a campaign's last hour, which releases whatever is left).
 */
public final class HourlyWeights {

    public static final double DEFAULT = 1.0;
    /** Far above any sensible ratio; it keeps sums of weights far from overflow. */
    public static final double MAX = 1_000_000.0;

    private final SortedMap<Integer, Double> given;
    private final double[] byHour = new double[24];

    private HourlyWeights(SortedMap<Integer, Double> given) {
        this.given = Collections.unmodifiableSortedMap(given);
        Arrays.fill(byHour, DEFAULT);
        given.forEach((hour, weight) -> byHour[hour] = weight);
    }

    public static HourlyWeights of(Map<Integer, Double> given) {
        SortedMap<Integer, Double> checked = new TreeMap<>();
        given.forEach((hour, weight) -> {
            if (hour == null || hour < 0 || hour > 23) {
                throw new IllegalArgumentException("hourlyWeights keys are hours of day \"0\"..\"23\": " + hour);
            }
            if (weight == null || !Double.isFinite(weight) || weight < 0 || weight > MAX) {
                throw new IllegalArgumentException("hourlyWeights[" + hour + "] must be a number 0.." + MAX);
            }
            checked.put(hour, weight);
        });
        return new HourlyWeights(checked);
    }

    public static HourlyWeights uniform() {
        return new HourlyWeights(new TreeMap<>());
    }

    public double weight(int hourOfDay) {
        return byHour[hourOfDay];
    }

    /** The weights as given at creation, by hour of day. */
    public SortedMap<Integer, Double> given() {
        return given;
    }

    /** Storage form: {@code "20:3.0,21:3.0"} ({@link Double#toString} round-trips exactly). */
    public String encode() {
        StringBuilder text = new StringBuilder();
        given.forEach((hour, weight) -> text.append(text.length() == 0 ? "" : ",")
                .append(hour)
                .append(':')
                .append(weight));
        return text.toString();
    }

    public static HourlyWeights decode(String text) {
        SortedMap<Integer, Double> given = new TreeMap<>();
        if (!text.isEmpty()) {
            for (String pair : text.split(",")) {
                int colon = pair.indexOf(':');
                given.put(Integer.parseInt(pair.substring(0, colon)), Double.parseDouble(pair.substring(colon + 1)));
            }
        }
        return of(given);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HourlyWeights w && w.given.equals(given);
    }

    @Override
    public int hashCode() {
        return given.hashCode();
    }

    @Override
    public String toString() {
        return "HourlyWeights[" + encode() + "]";
    }
}
