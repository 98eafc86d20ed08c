package io.hongbao.platform.security.provider;

import io.hongbao.platform.security.OidcSettings;
import java.util.Optional;

/**
 * What the web app needs to sign in with the provider (ADR 0097): its name, the public client, and where to send the
 * browser and exchange the code, from the discovery document. Nothing while no provider is configured, none of the
 * client, or the provider has not answered its discovery yet.
 */
public final class ProviderSignIn {

    private final OidcSettings settings;
    private final ProviderKeys keys;

    ProviderSignIn(OidcSettings settings, ProviderKeys keys) {
        this.settings = settings;
        this.keys = keys;
    }

    public Optional<Offer> offer() {
        if (keys == null || settings.clientId().isEmpty()) {
            return Optional.empty();
        }
        return keys.metadata()
                .map(metadata -> new Offer(
                        settings.displayName(),
                        metadata.issuer(),
                        settings.clientId(),
                        metadata.authorizationEndpoint().toString(),
                        metadata.tokenEndpoint().toString(),
                        settings.adminClaim(),
                        settings.adminRole()));
    }

    /**
     * The sign-in's parameters, as {@code GET /auth/config} answers them; the admin claim and role let the page show
     * whether the caller is an admin (the service decides).
     */
    public record Offer(
            String name,
            String issuer,
            String clientId,
            String authorizationEndpoint,
            String tokenEndpoint,
            String adminClaim,
            String adminRole) {}
}
