package io.hongbao.bench.http.load;

import java.util.random.RandomGenerator;

/**
 * Which packet and which user each grab of a run is for: the load's shape, a {@link HotWorkload} or a {@link
 * RealisticWorkload} ({@code bench http --profile}). Called concurrently by the connections' loops.
 */
public interface Workload {

    static String grabPath(String packetId) {
        return "/api/v1/packets/" + packetId + "/grab";
    }

    /** The next grab; {@code random} belongs to the calling connection. */
    Grab next(RandomGenerator random);

    /** Fresh attempts (not repeated taps) handed out so far. */
    long freshAttempts();

    /** Shares on offer: once fresh attempts pass this, the run is selling out. */
    long capacity();

    /** Fresh attempts that found no share left to offer: nonzero means the run sold out and needs more packets. */
    long attemptsPastCapacity();

    /** @param idempotencyKey the request's Idempotency-Key, or null for none (grabs send none) */
    record Grab(String path, String bearer, String idempotencyKey) {

        public Grab(String path, String bearer) {
            this(path, bearer, null);
        }
    }
}
