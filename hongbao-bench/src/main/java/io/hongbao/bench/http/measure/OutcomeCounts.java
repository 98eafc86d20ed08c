package io.hongbao.bench.http.measure;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Thread-safe counts of outcomes, plus the first few HTTP error statuses seen (for the report). */
final class OutcomeCounts {

    private final LongAdder[] counts = new LongAdder[Outcome.values().length];
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();

    OutcomeCounts() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    void add(Outcome outcome, int status) {
        counts[outcome.ordinal()].increment();
        if (outcome == Outcome.HTTP_ERROR) {
            statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
        }
    }

    long get(Outcome outcome) {
        return counts[outcome.ordinal()].sum();
    }

    long total() {
        long total = 0;
        for (LongAdder count : counts) {
            total += count.sum();
        }
        return total;
    }

    long errors() {
        long errors = 0;
        for (Outcome outcome : Outcome.values()) {
            errors += outcome.isError() ? get(outcome) : 0;
        }
        return errors;
    }

    Map<Outcome, Long> snapshot() {
        Map<Outcome, Long> snapshot = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            if (get(outcome) > 0) {
                snapshot.put(outcome, get(outcome));
            }
        }
        return snapshot;
    }

    Map<String, Long> httpStatuses() {
        Map<String, Long> snapshot = new java.util.TreeMap<>();
        statuses.forEach((status, count) -> snapshot.put(Integer.toString(status), count.sum()));
        return snapshot;
    }
}
