package io.hongbao.platform.security;

import io.hongbao.platform.settings.Setting;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.security.*}; the defaults are in {@code application.yml}.
 *
 * @param jwtSecret the HS256 secret, as UTF-8 bytes (env {@code HONGBAO_JWT_SECRET})
 * @param verifiedTokenCache how many verified tokens {@link VerifiedTokens} keeps until their expiry (100,000 are
 *     about 40 MB); 0 verifies every call (ADR 0053)
 */
@ConfigurationProperties("hongbao.security")
public record SecuritySettings(String jwtSecret, Long verifiedTokenCache) {

    public SecuritySettings {
        Setting.notNegative(verifiedTokenCache, "hongbao.security.verified-token-cache");
    }
}
