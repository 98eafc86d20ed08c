package io.hongbao.lab.application;

import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabAudit.GrabRecord;
import io.hongbao.lab.model.LabAudit.PacketBalance;
import io.hongbao.lab.model.LabOutcome.Granted;
import io.hongbao.lab.model.LabOutcome.SoldOut;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Judges a run from the answers the callers got and what the strategy holds afterwards ({@link LabAudit}).
 *
 * <p>An unfair miss is a "sold out" answer that was provably wrong: either the packet still holds money at the end,
 * or some other attempt on the packet <em>started after</em> the sold-out answer arrived and was granted. Comparing
 * with the start (not the end) of the later grant makes the count a lower bound that needs no clock in the
 * strategy: answers that overlap in time are never counted.
 */
public final class Judging {

    private Judging() {}

    public static Verdict judge(LabAudit audit, Collection<Attempt> attempts) {
        Map<Long, PacketFacts> packets = new HashMap<>();
        for (PacketBalance balance : audit.packets()) {
            packets.put(balance.packetId(), new PacketFacts(balance));
        }
        Map<PairKey, Long> recorded = new HashMap<>();
        long recordedDuplicates = 0;
        for (GrabRecord grab : audit.grabs()) {
            facts(packets, grab.packetId()).recordedRows++;
            facts(packets, grab.packetId()).recordedAmount += grab.amount();
            if (recorded.put(new PairKey(grab.packetId(), grab.userId()), grab.amount()) != null) {
                recordedDuplicates++;
            }
        }
        long granted = 0;
        long persisted = 0;
        long answeredDuplicates = 0;
        Map<PairKey, Integer> grantsPerPair = new HashMap<>();
        for (Attempt attempt : attempts) {
            if (attempt.outcome() instanceof Granted grant) {
                granted++;
                PacketFacts facts = facts(packets, attempt.packetId());
                facts.grantedAnswers++;
                facts.lastGrantStarted = Math.max(facts.lastGrantStarted, attempt.startedNanos());
                PairKey pair = new PairKey(attempt.packetId(), attempt.userId());
                if (grantsPerPair.merge(pair, 1, Integer::sum) > 1) {
                    answeredDuplicates++;
                } else if (Long.valueOf(grant.amount()).equals(recorded.get(pair))) {
                    persisted++;
                }
            }
        }
        return new Verdict(
                attempts.size(),
                granted,
                persisted,
                overIssued(packets.values()),
                answeredDuplicates + recordedDuplicates,
                conserved(packets.values()),
                unfairMisses(packets, attempts));
    }

    private static long overIssued(Collection<PacketFacts> packets) {
        long over = 0;
        for (PacketFacts facts : packets) {
            long issued = Math.max(facts.grantedAnswers, facts.recordedRows);
            over += Math.max(0, issued - facts.balance.shareCount());
        }
        return over;
    }

    private static boolean conserved(Collection<PacketFacts> packets) {
        for (PacketFacts facts : packets) {
            if (facts.recordedAmount + facts.balance.remainingAmount() != facts.balance.totalAmount()) {
                return false;
            }
        }
        return true;
    }

    private static long unfairMisses(Map<Long, PacketFacts> packets, Collection<Attempt> attempts) {
        long unfair = 0;
        for (Attempt attempt : attempts) {
            if (attempt.outcome() instanceof SoldOut) {
                PacketFacts facts = facts(packets, attempt.packetId());
                if (facts.balance.remainingAmount() > 0 || attempt.answeredNanos() < facts.lastGrantStarted) {
                    unfair++;
                }
            }
        }
        return unfair;
    }

    private static PacketFacts facts(Map<Long, PacketFacts> packets, long packetId) {
        PacketFacts facts = packets.get(packetId);
        if (facts == null) {
            throw new IllegalArgumentException("packet " + packetId + " is not part of the audit");
        }
        return facts;
    }

    private record PairKey(long packetId, long userId) {}

    private static final class PacketFacts {
        final PacketBalance balance;
        long grantedAnswers;
        long recordedRows;
        long recordedAmount;
        long lastGrantStarted = Long.MIN_VALUE;

        PacketFacts(PacketBalance balance) {
            this.balance = balance;
        }
    }
}
