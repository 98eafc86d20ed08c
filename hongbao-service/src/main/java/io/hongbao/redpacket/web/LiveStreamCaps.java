package io.hongbao.redpacket.web;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many packet event streams this instance holds open, per user and in all: a stream is admitted only under both
 * caps, and holds its slot until it ends. Refused, a stream costs nothing: it is asked before the packet is read.
 */
public final class LiveStreamCaps {

    /** What asking for a stream comes to. */
    public sealed interface Admission permits Admitted, OverUserCap, OverInstanceCap {}

    /** Admitted: release the slot once the stream ends (releasing twice releases once). */
    public record Admitted(Slot slot) implements Admission {}

    /** The user already holds {@code maxPerUser} streams here. */
    public record OverUserCap(int maxPerUser) implements Admission {}

    /** This instance already holds {@code maxPerInstance} streams. */
    public record OverInstanceCap(int maxPerInstance) implements Admission {}

    private final int maxPerUser;
    private final int maxPerInstance;
    private final AtomicInteger open = new AtomicInteger();
    private final ConcurrentMap<Long, Integer> byUser = new ConcurrentHashMap<>();

    public LiveStreamCaps(int maxPerUser, int maxPerInstance) {
        if (maxPerUser < 1 || maxPerInstance < 1) {
            throw new IllegalArgumentException(
                    "the caps must be positive, not " + maxPerUser + " per user and " + maxPerInstance + " in all");
        }
        this.maxPerUser = maxPerUser;
        this.maxPerInstance = maxPerInstance;
    }

    public Admission admit(long user) {
        boolean[] overUser = {false};
        byUser.compute(user, (key, held) -> {
            int now = held == null ? 0 : held;
            if (now >= maxPerUser) {
                overUser[0] = true;
                return held;
            }
            return now + 1;
        });
        if (overUser[0]) {
            return new OverUserCap(maxPerUser);
        }
        // Counted before it is checked, so the cap holds under concurrent admissions.
        if (open.incrementAndGet() > maxPerInstance) {
            open.decrementAndGet();
            releaseUser(user);
            return new OverInstanceCap(maxPerInstance);
        }
        return new Admitted(new Slot(user));
    }

    /** Streams open on this instance now. */
    public int open() {
        return open.get();
    }

    /** Streams the user holds open on this instance now. */
    public int openBy(long user) {
        return byUser.getOrDefault(user, 0);
    }

    private void releaseUser(long user) {
        byUser.computeIfPresent(user, (key, held) -> held <= 1 ? null : held - 1);
    }

    /** One admitted stream's place under the caps. */
    public final class Slot {
        private final long user;
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot(long user) {
            this.user = user;
        }

        public void release() {
            if (released.compareAndSet(false, true)) {
                open.decrementAndGet();
                releaseUser(user);
            }
        }
    }
}
