package io.hongbao.bench.http.load;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongFunction;
import java.util.random.RandomGenerator;

/**
 * The realistic profile's grabs ({@link RealisticShape}): each grab picks one of the active packets' popularity ranks
 * ({@link Popularity}), then the next user of that rank's current packet. A packet's k-th grab goes to user
 * {@code (start + k) mod users}, its start drawn from the packet's number, so no user grabs a packet twice (k stays
 * below the packet's shares, at most the users) and the grabs of a run spread evenly over the whole population, each
 * user grabbing a few packets. When a packet had as many grabs as shares, its rank moves on to the next packet of its
 * kind; if none is left, the rank keeps offering its sold-out packet (answered SOLD_OUT) and the attempt is counted as
 * past the capacity. A share of grabs ({@code duplicates}) repeats an earlier grab of the rank's current packet.
 *
 * <p>The state is one small object per rank and per packet; users are indices, their tokens made on demand by
 * {@code bearers}. Ranks are locked one at a time, briefly: concurrent connections on different packets never wait.
 */
final class RealisticWorkload implements Workload {

    private final RealisticShape shape;
    private final Popularity popularity;
    private final LongFunction<String> bearers;
    private final Pool groups;
    private final Pool smalls;
    private final Rank[] ranks;
    private final long capacity;
    private final AtomicLong fresh = new AtomicLong();
    private final LongAdder pastCapacity = new LongAdder();

    /**
     * @param groupPackets the group packets' ids, in the order ranks take them
     * @param smallPackets the small packets' ids and, in {@code smallShares}, their shares
     * @param bearers the Authorization header of the user with a given index (0 ≤ index < users)
     * @param seed where the packets' first users are drawn from
     */
    RealisticWorkload(
            RealisticShape shape,
            List<String> groupPackets,
            List<String> smallPackets,
            int[] smallShares,
            LongFunction<String> bearers,
            long seed) {
        if (groupPackets.size() < shape.groupPackets() || smallPackets.size() < shape.smallPackets()) {
            throw new IllegalArgumentException("need at least one packet per rank to start with");
        }
        if (smallShares.length != smallPackets.size()) {
            throw new IllegalArgumentException("one share count per small packet");
        }
        this.shape = shape;
        this.popularity = shape.popularity();
        this.bearers = bearers;
        int[] groupShares = new int[groupPackets.size()];
        java.util.Arrays.fill(groupShares, shape.groupShares());
        this.groups = new Pool(groupPackets, groupShares, seed, 0);
        this.smalls = new Pool(smallPackets, smallShares, seed, groupPackets.size());
        this.capacity = groups.shares + smalls.shares;
        this.ranks = new Rank[shape.activePackets()];
        for (int r = 0; r < ranks.length; r++) {
            ranks[r] = new Rank(r < shape.groupPackets() ? groups : smalls);
        }
    }

    @Override
    public Grab next(RandomGenerator random) {
        Rank rank = ranks[popularity.sample(random)];
        if (shape.duplicates() > 0 && random.nextDouble() < shape.duplicates()) {
            Grab repeat = rank.repeat(random);
            if (repeat != null) {
                return repeat;
            }
        }
        fresh.incrementAndGet();
        return rank.fresh();
    }

    @Override
    public long freshAttempts() {
        return fresh.get();
    }

    @Override
    public long capacity() {
        return capacity;
    }

    @Override
    public long attemptsPastCapacity() {
        return pastCapacity.sum();
    }

    private Grab grab(Packet packet, long k) {
        return new Grab(packet.path, bearers.apply(Math.floorMod(packet.firstUser + k, shape.users())));
    }

    private record Packet(String path, int shares, long firstUser) {}

    /** The packets of one kind, handed out in order as ranks sell theirs out. */
    private final class Pool {
        private final Packet[] packets;
        private final AtomicInteger next = new AtomicInteger();
        private final long shares;

        Pool(List<String> ids, int[] sharesOf, long seed, int firstNumber) {
            packets = new Packet[ids.size()];
            long total = 0;
            for (int i = 0; i < packets.length; i++) {
                long start = Math.floorMod(mix(seed + firstNumber + i), (long) shape.users());
                packets[i] = new Packet(Workload.grabPath(ids.get(i)), sharesOf[i], start);
                total += sharesOf[i];
            }
            this.shares = total;
        }

        /** The next packet, or null when every one has been handed out. */
        Packet take() {
            int i = next.getAndIncrement();
            return i < packets.length ? packets[i] : null;
        }
    }

    /** One popularity rank and the packet it currently offers. */
    private final class Rank {
        private final Pool pool;
        private Packet packet;
        private long grabs;

        Rank(Pool pool) {
            this.pool = pool;
            this.packet = pool.take();
        }

        Grab fresh() {
            Packet current;
            long k;
            synchronized (this) {
                if (grabs >= packet.shares) {
                    Packet replacement = pool.take();
                    if (replacement != null) {
                        packet = replacement;
                        grabs = 0;
                    }
                }
                current = packet;
                k = grabs++;
            }
            if (k >= current.shares) {
                pastCapacity.increment();
            }
            // Signed outside the lock: the token is the costly part.
            return grab(current, k);
        }

        /** An earlier grab of the current packet, or null when it has none yet. */
        Grab repeat(RandomGenerator random) {
            Packet current;
            long done;
            synchronized (this) {
                current = packet;
                done = Math.min(grabs, packet.shares);
            }
            return done == 0 ? null : grab(current, random.nextLong(done));
        }
    }

    /** SplitMix64's finaliser: consecutive packet numbers give unrelated first users. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
