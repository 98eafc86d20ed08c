package io.hongbao.bench.http.load;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The realistic profile's parameters ({@code bench http --profile realistic}): a large population of users, each with
 * a token of its own, making first grabs spread over many packets open at once, with a skewed popularity. The first
 * {@code groupPackets} of the {@code activePackets} popularity ranks hold big group packets of {@code groupShares}
 * shares, the others small packets of {@code smallSharesMin..smallSharesMax}; a rank whose packet sells out takes the
 * next packet of its kind, so the active set stays as large all run.
 *
 * @param exponent of the Zipf-like popularity over the ranks (1.0: the top 1% of ranks get about half the grabs)
 * @param accountHolders the share of users given an account (a deposit) before the load, as most grabbers have one
 * @param duplicates the share of grabs that repeat an earlier grab of the same packet (ALREADY_GRABBED)
 */
public record RealisticShape(
        int users,
        int activePackets,
        double exponent,
        int groupPackets,
        int groupShares,
        int smallSharesMin,
        int smallSharesMax,
        double accountHolders,
        double duplicates,
        long centsPerShare) {

    public static final String NAME = "realistic";

    /**
     * The shape of an independent measurement this bench was compared with (performance.md, "Why an independent
     * measurement saw more per grab"): 400 equally popular packets of 1,000 shares each, every user's first grab, and
     * nobody holding an account before; by default 300,000 users.
     */
    public static final String INDEPENDENT = "independent";

    /** {@link #INDEPENDENT}'s shape for {@code users}. */
    public static RealisticShape independent(int users, double duplicates, long centsPerShare) {
        return new RealisticShape(users, 400, 0, 400, 1000, 1000, 1000, 0, duplicates, centsPerShare);
    }

    public RealisticShape {
        require(activePackets >= 1 && groupPackets >= 0 && groupPackets <= activePackets, "0 <= group <= active");
        require(groupShares >= 1 && groupShares <= 1000, "group packets of 1..1000 shares (the contract's maximum)");
        require(smallSharesMin >= 1 && smallSharesMin <= smallSharesMax && smallSharesMax <= 1000, "small 1..1000");
        require(users >= Math.max(groupShares, smallSharesMax), "as many users as a packet's shares at least");
        require(exponent >= 0, "a popularity exponent >= 0");
        require(accountHolders >= 0 && accountHolders <= 1, "account holders in [0, 1]");
        require(duplicates >= 0 && duplicates < 1, "duplicates in [0, 1)");
        require(centsPerShare >= 1 && centsPerShare * groupShares <= 2_000_000, "a packet of 1..2,000,000 cents");
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalArgumentException("realistic profile: " + what);
        }
    }

    int smallPackets() {
        return activePackets - groupPackets;
    }

    double meanSmallShares() {
        return (smallSharesMin + smallSharesMax) / 2.0;
    }

    Popularity popularity() {
        return new Popularity(activePackets, exponent);
    }

    /** Whether the user with this index (0-based) holds an account before the load: the same rule in SQL and here. */
    boolean holdsAccount(long userIndex) {
        return userIndex % 1000 < holdersPerMille();
    }

    public int holdersPerMille() {
        return (int) Math.round(accountHolders * 1000);
    }

    /**
     * How many packets of each kind a run needs so that no rank runs out: the fresh grabs expected (as {@link
     * PacketSizing} counts them, headroom included) split by the group ranks' expected share, divided by the packet
     * sizes, plus the packets on offer when the run starts (a rank's last packet is rarely sold out).
     */
    Packets packetsFor(double expectedRate, Duration warmup, Duration duration) {
        double seconds = (warmup.toMillis() + duration.toMillis()) / 1000.0;
        double fresh = expectedRate * seconds * (1 - duplicates) * PacketSizing.HEADROOM;
        double groupShare = popularity().shareOfTop(groupPackets);
        int group = groupPackets == 0 ? 0 : groupPackets + (int) Math.ceil(fresh * groupShare / groupShares);
        int small = smallPackets() == 0
                ? 0
                : smallPackets() + (int) Math.ceil(fresh * (1 - groupShare) / meanSmallShares());
        return new Packets(group, small);
    }

    /** The small packets' sizes, in the order ranks take them: uniform over the range, the same for every target. */
    int[] smallShares(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] shares = new int[count];
        for (int i = 0; i < count; i++) {
            shares[i] = random.nextInt(smallSharesMin, smallSharesMax + 1);
        }
        return shares;
    }

    /** The parameters as the report shows them. */
    public Map<String, Object> describe() {
        Map<String, Object> shape = new LinkedHashMap<>();
        shape.put("users", users);
        shape.put("activePackets", activePackets);
        shape.put("popularity", "Zipf, exponent " + exponent);
        shape.put(
                "groupPackets",
                groupPackets + " of the most popular, " + groupShares + " shares each, "
                        + String.format("%.0f%%", 100 * popularity().shareOfTop(groupPackets)) + " of grabs expected");
        shape.put("smallPackets", smallPackets() + ", " + smallSharesMin + "–" + smallSharesMax + " shares each");
        shape.put("accountHolders", accountHolders);
        shape.put("duplicates", duplicates);
        shape.put("centsPerShare", centsPerShare);
        return shape;
    }

    record Packets(int group, int small) {
        int total() {
            return group + small;
        }
    }
}
