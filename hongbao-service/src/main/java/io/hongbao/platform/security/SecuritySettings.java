package io.hongbao.platform.security;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.security.*}.
 *
 * @param jwtSecret the HS256 secret, as UTF-8 bytes (env {@code HONGBAO_JWT_SECRET})
 * @param verifiedTokenCache how many verified tokens {@link VerifiedTokens} keeps until their expiry (100,000 when
 *     unset, about 40 MB); 0 verifies every call (ADR 0053)
 */
@ConfigurationProperties("hongbao.security")
public record SecuritySettings(String jwtSecret, Long verifiedTokenCache) {

    public SecuritySettings {
        verifiedTokenCache = verifiedTokenCache == null ? 100_000 : verifiedTokenCache;
    }
}
