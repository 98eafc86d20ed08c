package io.hongbao.account.web;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.Points;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.media.Schema;

/** Request bodies of the Accounts section, each checking its own fields. */
final class AccountRequests {

    /** The most one deposit may carry: ¥10,000,000,000, far below where a balance could overflow. */
    static final long MAX_DEPOSIT = 1_000_000_000_000L;

    static final long MAX_POINTS_GRANT = 1_000_000_000L;

    private AccountRequests() {}

    @Schema(description = "A deposit")
    record DepositRequest(
            @Schema(
                    description = "cents to add (¥500.00 is 50000)",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "1",
                    maximum = "" + MAX_DEPOSIT,
                    example = "50000")
            Long amount) {
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

    @Schema(description = "A grant of lottery points")
    record PointsRequest(
            @Schema(
                    description = "points to add",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "1",
                    maximum = "" + MAX_POINTS_GRANT,
                    example = "100")
            Long points) {
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
