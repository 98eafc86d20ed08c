package io.hongbao.platform.security;

/** Who is calling: the verified {@code sub} of the token, and whether it holds the admin role. */
public record Caller(long userId, boolean admin) {

    public Caller {
        if (userId <= 0) {
            throw new IllegalArgumentException("user id must be positive: " + userId);
        }
    }
}
