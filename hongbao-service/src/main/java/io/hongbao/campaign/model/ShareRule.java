package io.hongbao.campaign.model;

/**
 * How a campaign's total is cut into shares: all equal, or each a random amount between a minimum and a maximum
 * (inclusive, in cents). Either way the shares add up to the total exactly.
 */
public sealed interface ShareRule permits ShareRule.Equal, ShareRule.RandomBetween {

    /** Whether {@code total} cents can be cut into {@code shares} shares under this rule. */
    boolean fits(long total, long shares);

    /** Every share the same: the total must divide by the share count. */
    record Equal() implements ShareRule {

        @Override
        public boolean fits(long total, long shares) {
            return shares > 0 && total > 0 && total % shares == 0;
        }
    }

    /** Each share in {@code [min, max]} cents. */
    record RandomBetween(long min, long max) implements ShareRule {

        public RandomBetween {
            if (min < 1 || max < min) {
                throw new IllegalArgumentException(
                        "a share is at least one cent and its maximum at least its minimum: " + min + ".." + max);
            }
        }

        @Override
        public boolean fits(long total, long shares) {
            return shares > 0
                    && Math.multiplyHigh(shares, min) == 0
                    && shares * min <= total
                    && (Math.multiplyHigh(shares, max) != 0 || total <= shares * max);
        }
    }
}
