package io.hongbao.bench.http.load;

import io.hongbao.bench.http.targets.Target;
import io.hongbao.platform.security.TokenIssuer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --profile hot}, the load of every figure before ADR 0078, unchanged: {@code users} tokens issued up front,
 * packets of {@code shares} shares walked one at a time ({@link HotWorkload}), no accounts set up beforehand.
 */
public final class HotProfile implements LoadProfile {

    public static final String NAME = "hot";
    private static final Duration TOKEN_LIFE = Duration.ofHours(12);

    private final int users;
    private final int packets;
    private final int shares;
    private final long centsPerShare;
    private final double duplicates;
    private final Duration duration;
    private final TokenIssuer issuer;
    private List<String> tokens;

    /** @param packets per run, or 0 to size them from the expected rate ({@link PacketSizing}) */
    public HotProfile(
            TokenIssuer issuer,
            int users,
            int packets,
            int shares,
            long centsPerShare,
            double duplicates,
            Duration duration) {
        this.users = users;
        this.packets = packets;
        this.shares = shares;
        this.centsPerShare = centsPerShare;
        this.duplicates = duplicates;
        this.duration = duration;
        this.issuer = issuer;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("users", users);
        parameters.put("packets", packets == 0 ? "auto" : packets);
        parameters.put("shares", shares);
        parameters.put("centsPerShare", centsPerShare);
        parameters.put("duplicates", duplicates);
        return parameters;
    }

    /** Issues the users' tokens once, before the first target's first run, as the bench always did. */
    @Override
    public void prepare(Target target) {
        if (tokens == null) {
            tokens = new ArrayList<>(users);
            for (int i = 0; i < users; i++) {
                tokens.add(issuer.issue(FIRST_GRABBER + i, false, TOKEN_LIFE));
            }
        }
    }

    @Override
    public RunLoad load(Target target, int run, double expectedRate, LoadSettings settings) throws Exception {
        int count = packets > 0
                ? packets
                : PacketSizing.packetsFor(expectedRate, settings.warmup(), duration, duplicates, shares);
        long setupStart = System.nanoTime();
        List<String> packetIds = target.createPackets(count, shares, centsPerShare);
        System.err.printf(
                "%s run %d: %d packets of %d shares set up in %.1f s%n",
                target.name(), run, count, shares, (System.nanoTime() - setupStart) / 1e9);
        return new RunLoad(packetIds, new HotWorkload(packetIds, tokens, shares, duplicates));
    }
}
