package io.hongbao.bench.chaos;

import io.hongbao.bench.chaos.ChaosRun.Applied;
import io.hongbao.bench.chaos.ChaosStorm.Answer;
import io.hongbao.bench.chaos.FaultSchedule.Fault;
import io.hongbao.lab.application.Verdict;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What chaos prints: the plan, then what was applied, the answers, and the judge's verdict. */
final class ChaosReport {

    private final ChaosCommand options;
    private final FaultSchedule schedule;
    private final Path work;

    ChaosReport(ChaosCommand options, FaultSchedule schedule, Path work) {
        this.options = options;
        this.schedule = schedule;
        this.work = work;
    }

    void planned() {
        System.out.printf(
                "bench chaos: seed %d, storm %s, %d clients as %d users over %d packets of %d shares (logs and data in"
                        + " %s)%n",
                options.seed,
                FaultSchedule.seconds(options.duration),
                options.clients,
                options.users,
                options.packets,
                options.shares,
                work);
        System.out.println("schedule (seeded):");
        for (Fault fault : schedule.faults()) {
            System.out.printf("  +%-7s %s%n", FaultSchedule.seconds(fault.at()), fault.describe());
        }
    }

    void outcome(List<Applied> applied, List<Answer> answers, Duration drained, ChaosJudge.Result result) {
        System.out.println("applied:");
        for (Applied fault : applied) {
            System.out.printf(
                    "  +%-7s %s: away %s, a grab decided %d ms after its return%n",
                    FaultSchedule.seconds(fault.at()),
                    fault.fault().describe(),
                    FaultSchedule.seconds(fault.away()),
                    fault.recovery().toMillis());
            System.out.printf(
                    "           grabs sent meanwhile: %s%n",
                    counts(answers.stream()
                            .filter(a -> a.started() >= fault.from() && a.started() < fault.to())
                            .toList()));
        }
        System.out.printf("answers (%d grabs): %s%n", answers.size(), counts(answers));
        System.out.printf("every answered grab recorded %s after the storm%n", FaultSchedule.seconds(drained));
        Verdict verdict = result.verdict();
        System.out.printf(
                "lost %d, duplicated %d, over-granted %d, conserved %s, audit %s%n",
                result.lost(),
                verdict.duplicateGrabs(),
                verdict.overIssued(),
                verdict.conserved() ? "yes" : "NO",
                result.auditOk() ? "ok" : "FAILED " + result.auditFailures());
        System.out.printf(
                "  (granted %d, persisted %d, ALREADY_GRABBED with a wrong amount %d, half-written grabs %d, unfair"
                        + " misses %d)%n",
                verdict.granted(),
                verdict.persisted(),
                result.wrongAlreadyGrabbed(),
                result.halfWritten(),
                verdict.unfairMisses());
        System.out.println(result.correct() ? "verdict: CORRECT" : "verdict: BROKEN");
    }

    private static String counts(List<Answer> answers) {
        Map<String, Long> byKind = new TreeMap<>();
        answers.forEach(a -> byKind.merge(a.kind(), 1L, Long::sum));
        return String.join(
                ", ",
                byKind.entrySet().stream()
                        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                        .map(e -> e.getKey() + " " + e.getValue())
                        .toList());
    }
}
