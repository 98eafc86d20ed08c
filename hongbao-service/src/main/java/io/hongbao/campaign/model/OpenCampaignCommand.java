package io.hongbao.campaign.model;

import io.hongbao.account.model.UserId;
import java.time.Duration;

/**
 * An operator opens a campaign funded by {@code sponsor}: {@code total} cents cut into {@code shares} shares by the
 * rule, spread over {@code pools} pools, grabbable from now for {@code lasts}; what is left then returns to the sponsor.
 */
public record OpenCampaignCommand(
        UserId sponsor, String greeting, long total, int shares, ShareRule rule, int pools, Duration lasts) {

    public static final int MAX_SHARES = 10_000_000;
    public static final int MAX_GREETING = 200;
    public static final Duration MAX_LASTS = Duration.ofDays(30);

    /**
     * The pools of a campaign opened without a number (ADR 0103): enough to spread evenly over 2, 3, 4, 6, 8, 12 or 16
     * primaries, few enough that a busy instance's grabs still leave in batches of several per script call. With 256
     * pools a grab cost Redis twice the CPU of a packet's on three primaries (512 grabs outstanding), with 32 about the
     * same (`bench campaign`).
     */
    public static final int DEFAULT_POOLS = 48;

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
        if (lasts.isNegative() || lasts.isZero() || lasts.compareTo(MAX_LASTS) > 0) {
            throw new IllegalArgumentException("a campaign lasts a while, at most " + MAX_LASTS + ", not " + lasts);
        }
        if (greeting == null || greeting.length() > MAX_GREETING) {
            throw new IllegalArgumentException("a greeting of at most " + MAX_GREETING + " characters");
        }
    }
}
