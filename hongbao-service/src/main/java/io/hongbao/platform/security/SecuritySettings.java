package io.hongbao.platform.security;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code hongbao.security.jwt-secret} (env {@code HONGBAO_JWT_SECRET}): the HS256 secret, as UTF-8 bytes. */
@ConfigurationProperties("hongbao.security")
public record SecuritySettings(String jwtSecret) {}
