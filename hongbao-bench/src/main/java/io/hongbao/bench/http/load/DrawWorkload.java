package io.hongbao.bench.http.load;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.random.RandomGenerator;

/**
 * The draw phase's load ({@code bench http --draws}): draws on one wheel by {@code drawers} users taken in turn, so
 * that between two draws of one user all the others draw once. With as many drawers as connections or more, no user
 * has two draws in flight, and a user draws {@code drawsPerSecond / drawers} times a second, far under the service's
 * per-user draw limit ({@link #PER_USER_LIMIT}/s, burst 20) with the default drawers. With {@code keyed}, each draw
 * carries an Idempotency-Key of its own, a fresh UUID, as the web app sends ({@code --draw-idempotency-keys}).
 */
public final class DrawWorkload implements Workload {

    /** The service's default per-user draw limit, per second (api.md, rate limits). */
    public static final double PER_USER_LIMIT = 10;

    /** What a draw costs on the bench's wheel, in points. */
    public static final long DRAW_COST = 10;

    private final String path;
    private final long firstDrawer;
    private final int drawers;
    private final LongFunction<String> bearers;
    private final boolean keyed;
    private final AtomicLong next = new AtomicLong();

    /** @param bearers the Authorization header of a user id */
    public DrawWorkload(String wheelId, long firstDrawer, int drawers, LongFunction<String> bearers) {
        this(wheelId, firstDrawer, drawers, bearers, false);
    }

    /**
     * @param bearers the Authorization header of a user id
     * @param keyed whether each draw carries a fresh Idempotency-Key
     */
    public DrawWorkload(String wheelId, long firstDrawer, int drawers, LongFunction<String> bearers, boolean keyed) {
        if (drawers < 1) {
            throw new IllegalArgumentException("at least one drawer");
        }
        this.path = drawPath(wheelId);
        this.firstDrawer = firstDrawer;
        this.drawers = drawers;
        this.bearers = bearers;
        this.keyed = keyed;
    }

    static String drawPath(String wheelId) {
        return "/api/v1/wheels/" + wheelId + "/draw";
    }

    /** Each user's draws per second at this overall rate; above {@link #PER_USER_LIMIT} the service answers 429. */
    public static double perDrawer(double drawsPerSecond, int drawers) {
        return drawsPerSecond / drawers;
    }

    @Override
    public Grab next(RandomGenerator random) {
        String bearer = bearers.apply(firstDrawer + Math.floorMod(next.getAndIncrement(), drawers));
        // From the connection's own generator: a fresh key per draw without SecureRandom's lock on the hot loop.
        return new Grab(path, bearer, keyed ? new UUID(random.nextLong(), random.nextLong()).toString() : null);
    }

    @Override
    public long freshAttempts() {
        return next.get();
    }

    /** A wheel always answers a draw (a prize or the consolation): there is nothing to sell out. */
    @Override
    public long capacity() {
        return Long.MAX_VALUE;
    }

    @Override
    public long attemptsPastCapacity() {
        return 0;
    }
}
