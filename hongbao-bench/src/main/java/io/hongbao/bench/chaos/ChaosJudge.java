package io.hongbao.bench.chaos;

import io.hongbao.bench.chaos.ChaosStorm.Answer;
import io.hongbao.bench.http.targets.SetupApi;
import io.hongbao.lab.application.Attempt;
import io.hongbao.lab.application.Judging;
import io.hongbao.lab.application.Verdict;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The strategy lab's judge ({@link Judging}) applied to the service under chaos: the decided answers the clients got
 * against the rows and ledger the service wrote. Added for faults: ALREADY_GRABBED answers must name the recorded
 * amount, no grab may be written without both its ledger legs (a half-written batch), and the service's own audit
 * must be ok.
 */
final class ChaosJudge {

    private static final Duration AUDIT_PATIENCE = Duration.ofMinutes(2);

    private final ServiceRecords records;
    private final SetupApi api;
    private final String admin;

    ChaosJudge(ServiceRecords records, SetupApi api, String admin) {
        this.records = records;
        this.api = api;
        this.admin = admin;
    }

    /** @param lost granted answers not in the database with that amount */
    record Result(
            Verdict verdict,
            long lost,
            long wrongAlreadyGrabbed,
            long halfWritten,
            boolean auditOk,
            List<String> auditFailures) {

        boolean correct() {
            return verdict.correct() && lost == 0 && wrongAlreadyGrabbed == 0 && halfWritten == 0 && auditOk;
        }
    }

    /** Waits until every answer naming an amount has its row (the persister drains behind the storm). */
    Duration awaitRecorded(List<Answer> answers, List<String> packets, Duration limit) throws Exception {
        long start = System.nanoTime();
        while (System.nanoTime() - start < limit.toNanos()) {
            Set<String> rows = new HashSet<>();
            records.grabs(packets).forEach(g -> rows.add(g.packet() + "/" + g.user()));
            if (answers.stream()
                    .filter(a -> a.decided() && a.amount() != null)
                    .allMatch(a -> rows.contains(packets.get(a.packet()) + "/" + a.user()))) {
                break;
            }
            Thread.sleep(250);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    Result judge(List<Answer> answers, List<String> packets) throws Exception {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < packets.size(); i++) {
            index.put(packets.get(i), i);
        }
        List<ServiceRecords.Grab> grabs = records.grabs(packets);
        Map<String, Long> recorded = new HashMap<>();
        List<LabAudit.GrabRecord> grabRecords = new ArrayList<>();
        for (ServiceRecords.Grab grab : grabs) {
            recorded.put(index.get(grab.packet()) + "/" + grab.user(), grab.amount());
            grabRecords.add(new LabAudit.GrabRecord(index.get(grab.packet()), grab.user(), grab.amount()));
        }
        List<LabAudit.PacketBalance> balances = new ArrayList<>();
        for (ServiceRecords.Packet packet : records.packets(packets)) {
            balances.add(new LabAudit.PacketBalance(
                    index.get(packet.id()), packet.total(), packet.count(), packet.escrow() + packet.refunded()));
        }
        Verdict verdict = Judging.judge(new LabAudit(balances, grabRecords), attempts(answers));
        List<String> auditFailures = audit();
        return new Result(
                verdict,
                Math.max(0, verdict.granted() - verdict.persisted() - verdict.duplicateGrabs()),
                wrongAlreadyGrabbed(answers, recorded),
                halfWritten(packets, grabs),
                auditFailures.isEmpty(),
                auditFailures);
    }

    /** The decided answers as the lab's attempts (a 503, a 429 or no answer decided nothing). */
    private static List<Attempt> attempts(List<Answer> answers) {
        List<Attempt> attempts = new ArrayList<>();
        for (Answer answer : answers) {
            if (!answer.decided() || answer.outcome() == null) {
                continue;
            }
            LabOutcome outcome = switch (answer.outcome()) {
                case "GRABBED" -> new LabOutcome.Granted(answer.amount());
                case "ALREADY_GRABBED" -> LabOutcome.ALREADY_GRABBED;
                case "SOLD_OUT" -> LabOutcome.SOLD_OUT;
                default -> throw new IllegalStateException("a grab answered " + answer.outcome());
            };
            attempts.add(new Attempt(answer.packet(), answer.user(), outcome, answer.started(), answer.answered()));
        }
        return attempts;
    }

    private static long wrongAlreadyGrabbed(List<Answer> answers, Map<String, Long> recorded) {
        return answers.stream()
                .filter(a -> a.decided() && "ALREADY_GRABBED".equals(a.outcome()))
                .filter(a -> !a.amount().equals(recorded.get(a.packet() + "/" + a.user())))
                .count();
    }

    /**
     * Grab rows without exactly their legs, and grab transfers without their row. A grab whose packet and grabber share
     * a database has two legs (the escrow's debit, the grabber's credit); across database shards it has four, through
     * the transit accounts: the escrow to {@code transit:escrow:} on the packet's, {@code transit:user:} to the grabber
     * on the grabber's (ADR 0084).
     */
    private long halfWritten(List<String> packets, List<ServiceRecords.Grab> grabs) throws SQLException {
        return halfWrittenOf(records.grabLegs(packets), grabs);
    }

    static long halfWrittenOf(List<ServiceRecords.Leg> grabLegs, List<ServiceRecords.Grab> grabs) {
        Map<String, List<String>> legs = new HashMap<>();
        for (ServiceRecords.Leg leg : grabLegs) {
            legs.computeIfAbsent(leg.transfer(), t -> new ArrayList<>()).add(leg.account() + "=" + leg.amount());
        }
        long half = 0;
        for (ServiceRecords.Grab grab : grabs) {
            List<String> local = List.of(
                    "escrow:" + grab.packet() + "=" + -grab.amount(), "user:" + grab.user() + "=" + grab.amount());
            List<String> throughTransit = List.of(
                    "escrow:" + grab.packet() + "=" + -grab.amount(),
                    "transit:escrow:" + grab.packet() + "=" + grab.amount(),
                    "transit:user:" + grab.user() + "=" + -grab.amount(),
                    "user:" + grab.user() + "=" + grab.amount());
            List<String> found = legs.remove("grab:" + grab.packet() + ":" + grab.user());
            if (found == null || !(sameLegs(found, local) || sameLegs(found, throughTransit))) {
                half++;
            }
        }
        return half + legs.size();
    }

    private static boolean sameLegs(List<String> found, List<String> expected) {
        return found.size() == expected.size() && new HashSet<>(found).equals(new HashSet<>(expected));
    }

    /** The failed checks of the service's audit, asked again for a while (it may lag behind the last writes). */
    private List<String> audit() throws Exception {
        long start = System.nanoTime();
        while (true) {
            JsonNode audit = api.get("/api/v1/admin/audit", admin, Duration.ofMinutes(5));
            List<String> failed = new ArrayList<>();
            for (JsonNode check : audit.path("checks")) {
                if (!check.path("ok").asBoolean(false)) {
                    failed.add(check.path("name").asString("?") + ": "
                            + check.path("detail").asString(""));
                }
            }
            if (failed.isEmpty() || System.nanoTime() - start > AUDIT_PATIENCE.toNanos()) {
                return failed;
            }
            Thread.sleep(2_000);
        }
    }
}
