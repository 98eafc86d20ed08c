package io.hongbao.demo.web;

import io.hongbao.platform.ids.UserIds;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.media.Schema;

/** The body of {@code POST /demo/token}; the strict JSON reader has refused wrong types and unknown fields already. */
@Schema(description = "Who to sign in as")
record DemoTokenRequest(
        @Schema(
                description = "the user id, 1 to 2^53 - 1",
                requiredMode = Schema.RequiredMode.REQUIRED,
                minimum = "1",
                maximum = UserIds.MAX_TEXT,
                example = "7")
        Long userId,

        @Schema(description = "add the admin role (default false)", example = "false")
        Boolean admin) {

    long checkedUserId() {
        if (userId == null) {
            throw ApiException.validation("userId is required");
        }
        if (!UserIds.valid(userId)) {
            throw ApiException.validation("userId: " + UserIds.RULE);
        }
        return userId;
    }

    boolean isAdmin() {
        return admin != null && admin;
    }
}
