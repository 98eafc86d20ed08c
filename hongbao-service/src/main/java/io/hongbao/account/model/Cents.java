package io.hongbao.account.model;

/** An amount of money in integer cents (fen). Never negative: a debit is a movement, not a negative amount. */
public record Cents(long value) {

    public static final Cents ZERO = new Cents(0);

    public Cents {
        if (value < 0) {
            throw new IllegalArgumentException("an amount of money is never negative: " + value);
        }
    }

    public static Cents of(long value) {
        return new Cents(value);
    }

    public Cents plus(Cents other) {
        return new Cents(Math.addExact(value, other.value));
    }

    public Cents minus(Cents other) {
        return new Cents(Math.subtractExact(value, other.value));
    }

    public boolean isZero() {
        return value == 0;
    }

    public boolean isLessThan(Cents other) {
        return value < other.value;
    }
}
