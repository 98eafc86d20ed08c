package io.hongbao.account.web;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.Points;
import io.hongbao.platform.web.ApiException;

/** Request bodies of the Accounts section, each checking its own fields. */
final class AccountRequests {

    /** The most one deposit may carry: ¥10,000,000,000, far below where a balance could overflow. */
    static final long MAX_DEPOSIT = 1_000_000_000_000L;

    static final long MAX_POINTS_GRANT = 1_000_000_000L;

    private AccountRequests() {}

    record DepositRequest(Long amount) {
        Cents toCents() {
            if (amount == null) {
                throw ApiException.validation("amount is required");
            }
            if (amount < 1 || amount > MAX_DEPOSIT) {
                throw ApiException.validation("amount must be 1.." + MAX_DEPOSIT + " cents");
            }
            return Cents.of(amount);
        }
    }

    record PointsRequest(Long points) {
        Points toPoints() {
            if (points == null) {
                throw ApiException.validation("points is required");
            }
            if (points < 1 || points > MAX_POINTS_GRANT) {
                throw ApiException.validation("points must be 1.." + MAX_POINTS_GRANT);
            }
            return Points.of(points);
        }
    }
}
