package io.hongbao.account.model;

/** Lottery points: a whole, non-negative number. */
public record Points(long value) {

    public static final Points ZERO = new Points(0);

    public Points {
        if (value < 0) {
            throw new IllegalArgumentException("points are never negative: " + value);
        }
    }

    public static Points of(long value) {
        return new Points(value);
    }
}
