package io.hongbao.bench.strategies;

import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The one workload every strategy gets: {@code packets} packets of {@code shares} shares each (totals and splits
 * from a seeded random, so every strategy sees the same money), and a shuffled plan of attempts: each of
 * {@code users} users tries {@code attemptsPerUser} random packets, and repeats an attempt at once with probability
 * {@code duplicateRate} (a double tap, or a retry after a lost reply).
 */
record Workload(int packets, int shares, int users, int attemptsPerUser, double duplicateRate, long seed) {

    Workload {
        if (packets < 1 || shares < 1 || users < 1 || attemptsPerUser < 1) {
            throw new IllegalArgumentException("packets, shares, users and attempts per user must be positive");
        }
        if (duplicateRate < 0 || duplicateRate > 1) {
            throw new IllegalArgumentException("the duplicate rate is a probability: " + duplicateRate);
        }
    }

    /** The run's packets: same totals and splits for every run of this workload, ids in the run's namespace. */
    LabRun packetsFor(long runId) {
        Random random = new Random(seed);
        List<LabPacket> list = new ArrayList<>(packets);
        for (int index = 0; index < packets; index++) {
            long total = shares + random.nextInt(shares * 1_000); // 0.01 to 10.00 (yuan) per share on average
            list.add(LabPacket.split(LabRun.packetId(runId, index), total, shares, random));
        }
        return new LabRun(runId, list);
    }

    /** The attempts, in the order the threads take them; user ids start at 1. */
    Plan plan() {
        Random random = new Random(seed + 1);
        List<int[]> attempts = new ArrayList<>();
        for (int user = 1; user <= users; user++) {
            for (int k = 0; k < attemptsPerUser; k++) {
                int packet = random.nextInt(packets);
                attempts.add(new int[] {packet, user});
                if (random.nextDouble() < duplicateRate) {
                    attempts.add(new int[] {packet, user});
                }
            }
        }
        Collections.shuffle(attempts, random);
        int[] packetIndex = new int[attempts.size()];
        int[] userId = new int[attempts.size()];
        for (int i = 0; i < attempts.size(); i++) {
            packetIndex[i] = attempts.get(i)[0];
            userId[i] = attempts.get(i)[1];
        }
        return new Plan(packetIndex, userId);
    }

    int totalShares() {
        return packets * shares;
    }

    /** Attempt {@code i} is user {@code userId[i]} at the packet with index {@code packetIndex[i]}. */
    record Plan(int[] packetIndex, int[] userId) {
        int size() {
            return packetIndex.length;
        }
    }
}
