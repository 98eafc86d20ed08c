package io.hongbao.platform.security.provider;

import java.time.Instant;

/**
 * Who a verified provider token names: a user id already ({@code subject} null), or a subject still to be mapped to
 * one ({@code userId} 0).
 */
record ProviderCaller(long userId, String subject, boolean admin, Instant expiresAt) {

    static ProviderCaller known(long userId, boolean admin, Instant expiresAt) {
        return new ProviderCaller(userId, null, admin, expiresAt);
    }

    static ProviderCaller toMap(String subject, boolean admin, Instant expiresAt) {
        return new ProviderCaller(0, subject, admin, expiresAt);
    }

    boolean needsMapping() {
        return subject != null;
    }
}
