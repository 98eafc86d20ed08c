package io.hongbao.peer;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code hongbao.security.jwt-secret} (env {@code HONGBAO_JWT_SECRET}): the same HS256 secret as the service's. */
@ConfigurationProperties("hongbao.security")
record PeerSettings(String jwtSecret) {

    PeerSettings {
        if (jwtSecret == null || jwtSecret.isBlank()) {
            throw new IllegalArgumentException("HONGBAO_JWT_SECRET must be set: the peer has no data folder");
        }
    }
}
