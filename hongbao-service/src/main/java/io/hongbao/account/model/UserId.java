package io.hongbao.account.model;

import io.hongbao.platform.ids.UserIds;

/** A user of the service: 1 to 2^53 − 1 ({@link UserIds}, ADR 0094), the {@code sub} of their token. */
public record UserId(long value) {

    public UserId {
        if (!UserIds.valid(value)) {
            throw new IllegalArgumentException(UserIds.RULE + ", not " + value);
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
