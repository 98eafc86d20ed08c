package io.hongbao.platform.security;

import io.hongbao.platform.settings.Setting;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.security.*}; the defaults are in {@code application.yml}.
 *
 * @param jwtSecret the HS256 secret, as UTF-8 bytes (env {@code HONGBAO_JWT_SECRET})
 * @param observeFilters whether Spring Security records an observation (timer and long-task timer) for every filter,
 *     authentication and authorization of every request; off by default, it cost ~10% of a grab's CPU (ADR 0051)
 * @param springHeaderWriters true writes the security response headers with Spring Security's composite of
 *     writers instead of {@link SecurityResponseHeaders}: the same headers, the baseline of ADR 0052
 * @param verifiedTokenCache how many verified tokens {@link VerifiedTokens} keeps until their expiry (100,000 are
 *     about 40 MB); 0 verifies every call (ADR 0053)
 */
@ConfigurationProperties("hongbao.security")
public record SecuritySettings(
        String jwtSecret, boolean observeFilters, boolean springHeaderWriters, Long verifiedTokenCache) {

    public SecuritySettings {
        Setting.notNegative(verifiedTokenCache, "hongbao.security.verified-token-cache");
    }
}
