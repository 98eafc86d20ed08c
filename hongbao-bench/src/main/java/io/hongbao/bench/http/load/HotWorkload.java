package io.hongbao.bench.http.load;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * The hot profile ({@code bench http --profile hot}, the only load before ADR 0078): which packet and which user the
 * next grab is for. Fresh attempts walk the packets in order, {@code shares} attempts
 * per packet, each by a different user (attempt n → user n mod users, so users ≥ shares keeps them distinct within a
 * packet). The connections therefore all hit the same few packets at once, as a real hot packet would be. A fraction
 * of attempts repeats an earlier (packet, user) pair: the duplicate taps that must answer ALREADY_GRABBED. Once every
 * packet had its {@code shares} fresh attempts, attempts wrap around and answer SOLD_OUT.
 */
public final class HotWorkload implements Workload {

    private final String[] paths;
    private final String[] bearers;
    private final int shares;
    private final double duplicateRatio;
    private final AtomicLong fresh = new AtomicLong();

    public HotWorkload(List<String> packetIds, List<String> tokens, int shares, double duplicateRatio) {
        if (packetIds.isEmpty() || tokens.size() < shares) {
            throw new IllegalArgumentException("need packets, and at least as many users as shares per packet");
        }
        this.paths = packetIds.stream().map(Workload::grabPath).toArray(String[]::new);
        this.bearers = tokens.stream().map(token -> "Bearer " + token).toArray(String[]::new);
        this.shares = shares;
        this.duplicateRatio = duplicateRatio;
    }

    @Override
    public Grab next(RandomGenerator random) {
        long issued = fresh.get();
        long attempt = duplicateRatio > 0 && issued > 0 && random.nextDouble() < duplicateRatio
                ? issued - 1 - random.nextLong(Math.min(issued, shares))
                : fresh.getAndIncrement();
        return grab(attempt);
    }

    Grab grab(long attempt) {
        int packet = (int) ((attempt / shares) % paths.length);
        int user = (int) (attempt % bearers.length);
        return new Grab(paths[packet], bearers[user]);
    }

    @Override
    public long freshAttempts() {
        return fresh.get();
    }

    @Override
    public long capacity() {
        return (long) paths.length * shares;
    }

    @Override
    public long attemptsPastCapacity() {
        return Math.max(0, freshAttempts() - capacity());
    }
}
