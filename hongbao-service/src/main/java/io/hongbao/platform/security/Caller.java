package io.hongbao.platform.security;

import io.hongbao.platform.ids.UserIds;

/** Who is calling: the verified {@code sub} of the token, and whether it holds the admin role. */
public record Caller(long userId, boolean admin) {

    public Caller {
        if (!UserIds.valid(userId)) {
            throw new IllegalArgumentException(UserIds.RULE + ", not " + userId);
        }
    }
}
