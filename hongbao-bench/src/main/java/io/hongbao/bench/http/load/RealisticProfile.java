package io.hongbao.bench.http.load;

import io.hongbao.bench.http.targets.Target;
import io.hongbao.platform.security.JwtSecret;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --profile realistic}, the default: {@link RealisticShape}'s population and packets. Users' tokens are signed
 * as requests need them ({@link SignedTokens}), or before the first run for a target whose grabbers carry a provider's
 * tokens ({@link Target#grabberTokens()}); before a target's first run most users get an account (a deposit
 * written straight into the target's database, {@link Target#openAccounts}); each run sends its group and small packets
 * through the API as the hot profile does, sized for the expected rate.
 */
public final class RealisticProfile implements LoadProfile {

    /** The deposit each account holder starts with, in cents. */
    static final long OPENING_DEPOSIT = 100;

    private final RealisticShape shape;
    private final Duration duration;
    private final SignedTokens tokens;

    public RealisticProfile(RealisticShape shape, JwtSecret secret, Duration duration) {
        this.shape = shape;
        this.duration = duration;
        this.tokens = new SignedTokens(secret, Instant.now().plus(Duration.ofHours(12)));
    }

    @Override
    public String name() {
        return RealisticShape.NAME;
    }

    @Override
    public Map<String, Object> parameters() {
        return shape.describe();
    }

    @Override
    public void prepare(Target target) throws Exception {
        tokensOf(target).prepare(target.name(), FIRST_GRABBER, shape.users());
        long start = System.nanoTime();
        long opened = target.openAccounts(FIRST_GRABBER, shape, OPENING_DEPOSIT);
        if (opened >= 0) {
            System.err.printf(
                    "%s: %,d of %,d users given an account (a deposit of %d cents, written in SQL) in %.1f s%n",
                    target.name(), opened, shape.users(), OPENING_DEPOSIT, (System.nanoTime() - start) / 1e9);
        } else if (shape.accountHolders() > 0) {
            System.err.printf("%s: no accounts set up beforehand (it has none the bench can write)%n", target.name());
        }
    }

    @Override
    public RunLoad load(Target target, int run, double expectedRate, LoadSettings settings) throws Exception {
        RealisticShape.Packets count = shape.packetsFor(expectedRate, settings.warmup(), duration);
        long setupStart = System.nanoTime();
        List<String> group = target.createPackets(count.group(), shape.groupShares(), shape.centsPerShare());
        int[] smallShares = shape.smallShares(count.small(), run);
        List<String> small = createSmall(target, smallShares);
        System.err.printf(
                "%s run %d: %,d group packets of %d shares and %,d small ones of %d–%d set up in %.1f s%n",
                target.name(),
                run,
                count.group(),
                shape.groupShares(),
                count.small(),
                shape.smallSharesMin(),
                shape.smallSharesMax(),
                (System.nanoTime() - setupStart) / 1e9);
        List<String> all = new ArrayList<>(group);
        all.addAll(small);
        GrabberTokens grabbers = tokensOf(target);
        RealisticWorkload workload = new RealisticWorkload(
                shape, group, small, smallShares, user -> grabbers.bearer(FIRST_GRABBER + user), run);
        return new RunLoad(all, workload);
    }

    private GrabberTokens tokensOf(Target target) {
        return target.grabberTokens().orElse(tokens);
    }

    /** One API batch per size (the set-up sends packets of one size at a time), put back in the sizes' order. */
    private List<String> createSmall(Target target, int[] shares) throws Exception {
        Map<Integer, List<Integer>> positionsBySize = new TreeMap<>();
        for (int i = 0; i < shares.length; i++) {
            positionsBySize.computeIfAbsent(shares[i], s -> new ArrayList<>()).add(i);
        }
        String[] ids = new String[shares.length];
        for (Map.Entry<Integer, List<Integer>> size : positionsBySize.entrySet()) {
            List<Integer> positions = size.getValue();
            List<String> created = target.createPackets(positions.size(), size.getKey(), shape.centsPerShare());
            for (int i = 0; i < positions.size(); i++) {
                ids[positions.get(i)] = created.get(i);
            }
        }
        return List.of(ids);
    }
}
