package io.hongbao.account.model;

/** A user of the service: a positive 64-bit number, the {@code sub} of their token. */
public record UserId(long value) {

    public UserId {
        if (value <= 0) {
            throw new IllegalArgumentException("a user id is a positive number, not " + value);
        }
    }

    public static UserId of(long value) {
        return new UserId(value);
    }

    /** The ledger account that holds this user's money. */
    public String ledgerAccount() {
        return "user:" + value;
    }
}
