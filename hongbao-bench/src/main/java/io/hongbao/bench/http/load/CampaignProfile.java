package io.hongbao.bench.http.load;

import io.hongbao.bench.http.targets.Target;
import io.hongbao.platform.security.JwtSecret;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * {@code --profile campaign}: one campaign per run (ADR 0103), opened just before it, that {@code users} distinct people
 * tap, each once, in the order they arrive (the crowd at a round's start); past the last person the taps start again
 * from the first, who are answered ALREADY_GRABBED or SOLD_OUT. The campaign holds enough shares not to sell out within
 * the run at the expected rate (at most 10,000,000), so the window measures grabs, not sold-out answers.
 */
public final class CampaignProfile implements LoadProfile {

    public static final String NAME = "campaign";
    /** Shares a campaign may hold at most (the contract's bound). */
    static final long MAX_SHARES = 10_000_000;

    private final int users;
    private final long centsPerShare;
    private final Duration duration;
    private final SignedTokens tokens;

    public CampaignProfile(JwtSecret secret, int users, long centsPerShare, Duration duration) {
        this.users = users;
        this.centsPerShare = centsPerShare;
        this.duration = duration;
        this.tokens = new SignedTokens(secret, Instant.now().plus(Duration.ofHours(12)));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("users", users);
        parameters.put("centsPerShare", centsPerShare);
        return parameters;
    }

    @Override
    public void prepare(Target target) {
        target.grabberTokens().orElse(tokens).prepare(target.name(), FIRST_GRABBER, users);
    }

    @Override
    public RunLoad load(Target target, int run, double expectedRate, LoadSettings settings) throws Exception {
        double seconds = (settings.warmup().toMillis() + duration.toMillis()) / 1000.0;
        int shares = (int) Math.min(MAX_SHARES, Math.max(1_000, Math.ceil(expectedRate * seconds * 1.5)));
        long setupStart = System.nanoTime();
        Target.Campaign campaign = target.openCampaign(shares, centsPerShare);
        System.err.printf(
                "%s run %d: a campaign of %,d shares over %d pools opened in %.1f s%n",
                target.name(), run, shares, campaign.pools().size(), (System.nanoTime() - setupStart) / 1e9);
        GrabberTokens grabbers = target.grabberTokens().orElse(tokens);
        return new RunLoad(campaign.pools(), new Crowd(campaign.id(), shares, grabbers));
    }

    /** Each tap a new person, in order, wrapping round after the last. */
    private final class Crowd implements Workload {
        private final String path;
        private final long shares;
        private final GrabberTokens grabbers;
        private final AtomicLong taps = new AtomicLong();

        Crowd(String campaign, long shares, GrabberTokens grabbers) {
            this.path = "/api/v1/campaigns/" + campaign + "/grab";
            this.shares = shares;
            this.grabbers = grabbers;
        }

        @Override
        public Grab next(RandomGenerator random) {
            long tap = taps.getAndIncrement();
            return new Grab(path, grabbers.bearer(FIRST_GRABBER + tap % users));
        }

        @Override
        public long freshAttempts() {
            return Math.min(taps.get(), users);
        }

        @Override
        public long capacity() {
            return shares;
        }

        @Override
        public long attemptsPastCapacity() {
            return Math.max(0, freshAttempts() - shares);
        }
    }
}
