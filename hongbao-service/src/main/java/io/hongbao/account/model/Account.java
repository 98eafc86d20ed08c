package io.hongbao.account.model;

/** What a user holds. A user who never received anything holds zero of both. */
public record Account(UserId userId, Cents balance, Points points) {

    public static Account empty(UserId userId) {
        return new Account(userId, Cents.ZERO, Points.ZERO);
    }
}
