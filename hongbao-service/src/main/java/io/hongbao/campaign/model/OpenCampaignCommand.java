package io.hongbao.campaign.model;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * An operator opens a campaign funded by {@code sponsor}: {@code total} cents cut into {@code shares} shares by the
 * rule, released in {@code rounds}, each round's shares spread over up to {@code pools} pools; for everyone signed in
 * or only the members of {@code audience}; each person takes at most one share per campaign or per round.
 *
 * @param audience the group whose members may grab; null: everyone signed in
 */
public record OpenCampaignCommand(
        UserId sponsor,
        String greeting,
        long total,
        int shares,
        ShareRule rule,
        int pools,
        List<Round> rounds,
        GroupId audience,
        OncePer oncePer) {

    public static final int MAX_SHARES = 10_000_000;
    public static final int MAX_GREETING = 200;
    public static final int MAX_ROUNDS = 24;
    /** How long a round may last. */
    public static final Duration MAX_LASTS = Duration.ofDays(30);

    /**
     * The pools of a campaign opened without a number (ADR 0103): enough to spread evenly over 2, 3, 4, 6, 8, 12 or 16
     * primaries, few enough that a busy instance's grabs still leave in batches of several per script call. With 256
     * pools a grab cost Redis twice the CPU of a packet's on three primaries (512 grabs outstanding), with 32 about the
     * same (`bench campaign`).
     */
    public static final int DEFAULT_POOLS = 48;

    /** A round as the operator plans it: {@code shares} shares released at {@code startsAt} for {@code lasts}. */
    public record Round(Instant startsAt, Duration lasts, int shares) {

        public Round {
            if (startsAt == null) {
                throw new IllegalArgumentException("a round says when it starts");
            }
            if (lasts.isNegative() || lasts.isZero() || lasts.compareTo(MAX_LASTS) > 0) {
                throw new IllegalArgumentException("a round lasts a while, at most " + MAX_LASTS + ", not " + lasts);
            }
            if (shares < 1) {
                throw new IllegalArgumentException("a round releases at least one share");
            }
        }

        public Instant endsAt() {
            return startsAt.plus(lasts);
        }
    }

    public OpenCampaignCommand {
        if (shares < 1 || shares > MAX_SHARES) {
            throw new IllegalArgumentException("between 1 and " + MAX_SHARES + " shares, not " + shares);
        }
        if (!rule.fits(total, shares)) {
            throw new IllegalArgumentException(total + " cents do not cut into " + shares + " shares by " + rule);
        }
        if (pools < 1 || pools > shares) {
            throw new IllegalArgumentException("between 1 and " + shares + " pools, not " + pools);
        }
        if (greeting == null || greeting.length() > MAX_GREETING) {
            throw new IllegalArgumentException("a greeting of at most " + MAX_GREETING + " characters");
        }
        rounds = List.copyOf(rounds);
        checkRounds(rounds, shares);
        if (oncePer == null) {
            throw new IllegalArgumentException("once per CAMPAIGN or per ROUND");
        }
    }

    /** A campaign of one round, from {@code startsAt} for {@code lasts}, for everyone signed in. */
    public static OpenCampaignCommand oneRound(
            UserId sponsor,
            String greeting,
            long total,
            int shares,
            ShareRule rule,
            int pools,
            Instant startsAt,
            Duration lasts) {
        return new OpenCampaignCommand(
                sponsor,
                greeting,
                total,
                shares,
                rule,
                pools,
                List.of(new Round(startsAt, lasts, shares)),
                null,
                OncePer.CAMPAIGN);
    }

    /**
     * Rounds follow one another without overlapping (a person's earlier rounds are over when a later one starts: that
     * is what lets once per campaign be checked round by round, ADR 0103), and release every share between them.
     */
    private static void checkRounds(List<Round> rounds, int shares) {
        if (rounds.isEmpty() || rounds.size() > MAX_ROUNDS) {
            throw new IllegalArgumentException("between 1 and " + MAX_ROUNDS + " rounds, not " + rounds.size());
        }
        long released = rounds.get(0).shares();
        for (int index = 1; index < rounds.size(); index++) {
            Round round = rounds.get(index);
            if (round.startsAt().isBefore(rounds.get(index - 1).endsAt())) {
                throw new IllegalArgumentException("round " + index + " starts before round " + (index - 1) + " ends");
            }
            released += round.shares();
        }
        if (released != shares) {
            throw new IllegalArgumentException("the rounds release " + released + " shares, not " + shares);
        }
    }
}
