package io.hongbao.bench.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * What chaos does and when: faults one at a time, with calm between them, drawn from a seed so that a run can be
 * repeated. Every kind of fault comes once in a shuffled round before any comes again.
 */
record FaultSchedule(long seed, List<Fault> faults) {

    /** Time to leave at the start (the storm gets going) and at the end (the last recovery settles). */
    private static final Duration LEAD_IN = Duration.ofSeconds(10);

    private static final Duration LEAD_OUT = Duration.ofSeconds(15);

    FaultSchedule {
        faults = List.copyOf(faults);
    }

    enum Target {
        REDIS("redis"),
        DATABASE("mariadb"),
        SERVICE("service");

        final String label;

        Target(String label) {
            this.label = label;
        }
    }

    enum Kind {
        /** kill -9, then started again on the same data after {@link Fault#length()}. */
        KILL,
        /** SIGSTOP, then SIGCONT after {@link Fault#length()}. */
        STALL
    }

    /** @param at from the start of the storm */
    record Fault(Duration at, Target target, Kind kind, Duration length) {

        String describe() {
            return kind == Kind.KILL
                    ? "kill -9 " + target.label + ", restarted " + seconds(length) + " later"
                    : "SIGSTOP " + target.label + " for " + seconds(length);
        }

        /** A guess of how long the fault keeps its target away, recovery included, for spacing the next one. */
        Duration expectedOutage() {
            Duration restart =
                    kind == Kind.KILL && target == Target.SERVICE ? Duration.ofSeconds(20) : Duration.ofSeconds(3);
            return length.plus(restart);
        }
    }

    static FaultSchedule seeded(long seed, Duration storm) {
        Random random = new Random(seed);
        List<Fault> faults = new ArrayList<>();
        List<Fault> round = new ArrayList<>();
        Duration at = LEAD_IN;
        while (true) {
            if (round.isEmpty()) {
                round.addAll(everyKind());
                Collections.shuffle(round, random);
            }
            Fault next = round.remove(0);
            Fault fault = new Fault(at, next.target(), next.kind(), lengthOf(next, random));
            Duration over = at.plus(fault.expectedOutage());
            if (over.compareTo(storm.minus(LEAD_OUT)) > 0) {
                return new FaultSchedule(seed, faults);
            }
            faults.add(fault);
            at = over.plus(Duration.ofMillis(6_000 + random.nextInt(6_000)));
        }
    }

    private static List<Fault> everyKind() {
        List<Fault> kinds = new ArrayList<>();
        for (Target target : Target.values()) {
            for (Kind kind : Kind.values()) {
                kinds.add(new Fault(Duration.ZERO, target, kind, Duration.ZERO));
            }
        }
        return kinds;
    }

    /**
     * Redis away 2-8 s or frozen 1-6 s (past the service's 5 s command timeout, so some grabs end unknown); the
     * database away 2-8 s or frozen 5-20 s; the service away 1-4 s before its restart or frozen 2-6 s.
     */
    private static Duration lengthOf(Fault fault, Random random) {
        long[] range = switch (fault.target()) {
            case REDIS -> fault.kind() == Kind.KILL ? new long[] {2_000, 8_000} : new long[] {1_000, 6_000};
            case DATABASE -> fault.kind() == Kind.KILL ? new long[] {2_000, 8_000} : new long[] {5_000, 20_000};
            case SERVICE -> fault.kind() == Kind.KILL ? new long[] {1_000, 4_000} : new long[] {2_000, 6_000};
        };
        long millis = range[0] + random.nextInt((int) (range[1] - range[0]) / 100 + 1) * 100L;
        return Duration.ofMillis(millis);
    }

    static String seconds(Duration duration) {
        return String.format("%.1f s", duration.toMillis() / 1000.0);
    }
}
