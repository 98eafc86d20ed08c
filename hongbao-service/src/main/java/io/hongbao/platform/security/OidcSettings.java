package io.hongbao.platform.security;

import io.hongbao.platform.settings.Setting;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.security.oidc.*}: tokens from an OpenID Connect provider (ADR 0097); the defaults are in
 * {@code application.yml}. Off while {@code issuer} is empty.
 *
 * @param issuer the provider's issuer URL, exactly as its tokens' {@code iss} and its discovery document say (env
 *     {@code HONGBAO_OIDC_ISSUER}); https, or http to a loopback address for trying it on one machine
 * @param audience what the tokens' {@code aud} must hold (env {@code HONGBAO_OIDC_AUDIENCE}); required with an issuer
 * @param clientId the public client the web app signs in with (env {@code HONGBAO_OIDC_CLIENT_ID}); empty: the web app
 *     offers no sign-in with the provider, tokens are still accepted
 * @param name what the web app calls the provider ("Sign in with ..."); empty: the issuer's host
 * @param subjects {@code user-ids}: the {@code user-id-claim} holds the user id; {@code mapped}: it holds any string
 *     (Keycloak's UUID {@code sub}), and the service gives each one a user id of its own
 * @param userIdClaim the claim that names the user
 * @param adminClaim where the roles are, as a path of claim names ({@code realm_access.roles} for Keycloak)
 * @param adminRole the role in that list that makes the caller an admin
 * @param leeway how far {@code exp} and {@code nbf} may be off the service's clock
 * @param keysRefreshEvery how long the provider's keys are kept before they are fetched again
 * @param askAtMostEvery the least time between two calls to the provider: a token with a key the service does not know
 *     fetches the keys at once only if the last fetch is older; the discovery is retried at this pace too
 */
@ConfigurationProperties("hongbao.security.oidc")
public record OidcSettings(
        String issuer,
        String audience,
        String clientId,
        String name,
        String subjects,
        String userIdClaim,
        String adminClaim,
        String adminRole,
        Duration leeway,
        Duration keysRefreshEvery,
        Duration askAtMostEvery) {

    public static final String USER_IDS = "user-ids";
    public static final String MAPPED = "mapped";

    /** More would accept tokens minutes past their {@code exp}: a clock that far off is a fault to fix. */
    static final Duration MAX_LEEWAY = Duration.ofMinutes(5);

    public OidcSettings {
        issuer = trimmed(issuer);
        audience = trimmed(audience);
        clientId = trimmed(clientId);
        name = trimmed(name);
        String mode = Setting.present(subjects, "hongbao.security.oidc.subjects")
                .trim()
                .toLowerCase(Locale.ROOT);
        if (!mode.equals(USER_IDS) && !mode.equals(MAPPED)) {
            throw new IllegalArgumentException(
                    "hongbao.security.oidc.subjects must be " + USER_IDS + " or " + MAPPED + ", not " + subjects);
        }
        subjects = mode;
        userIdClaim = claimName(userIdClaim, "hongbao.security.oidc.user-id-claim");
        adminClaim =
                Setting.present(adminClaim, "hongbao.security.oidc.admin-claim").trim();
        if (!adminClaim.matches("[^.]+(\\.[^.]+)*")) {
            throw new IllegalArgumentException(
                    "hongbao.security.oidc.admin-claim is claim names joined by dots, such as"
                            + " realm_access.roles, not " + adminClaim);
        }
        adminRole = claimName(adminRole, "hongbao.security.oidc.admin-role");
        if (Setting.notNegative(leeway, "hongbao.security.oidc.leeway").compareTo(MAX_LEEWAY) > 0) {
            throw new IllegalArgumentException(
                    "hongbao.security.oidc.leeway must be at most " + MAX_LEEWAY + ", not " + leeway);
        }
        Setting.positive(keysRefreshEvery, "hongbao.security.oidc.keys-refresh-every");
        Setting.positive(askAtMostEvery, "hongbao.security.oidc.ask-at-most-every");
        if (askAtMostEvery.compareTo(keysRefreshEvery) > 0) {
            throw new IllegalArgumentException("hongbao.security.oidc.ask-at-most-every (" + askAtMostEvery
                    + ") must not be longer than keys-refresh-every (" + keysRefreshEvery + ")");
        }
        if (!issuer.isEmpty()) {
            checkIssuer(issuer);
            if (audience.isEmpty()) {
                throw new IllegalArgumentException("HONGBAO_OIDC_AUDIENCE (hongbao.security.oidc.audience) must be set"
                        + " with an issuer: a token for another service of the same provider would be accepted");
            }
        }
    }

    /** Whether provider tokens are accepted at all. */
    public boolean on() {
        return !issuer.isEmpty();
    }

    public boolean mapped() {
        return subjects.equals(MAPPED);
    }

    /**
     * The provider's origin ({@code https://id.example.com}), where the web app exchanges its sign-in code: the content
     * security policy lets the page call it. Empty without a provider.
     */
    public String origin() {
        if (!on()) {
            return "";
        }
        URI uri = URI.create(issuer);
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority();
    }

    /** What the web app calls the provider. */
    public String displayName() {
        return name.isEmpty() ? URI.create(issuer).getHost() : name;
    }

    /**
     * The issuer is where the keys come from: over plain http anyone on the path could hand the service keys of their
     * own. Plain http is taken for a loopback host only, a provider on the same machine.
     */
    static void checkIssuer(String issuer) {
        URI uri;
        try {
            uri = URI.create(issuer);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("HONGBAO_OIDC_ISSUER is not a URL: " + issuer, e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost();
        if (host == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new IllegalArgumentException("HONGBAO_OIDC_ISSUER must be an https URL, not " + issuer);
        }
        if (scheme.equals("http") && !loopback(host)) {
            throw new IllegalArgumentException("HONGBAO_OIDC_ISSUER must be https (plain http only to localhost or"
                    + " 127.0.0.1, a provider on this machine), not " + issuer);
        }
        if (uri.getQuery() != null || uri.getFragment() != null) {
            throw new IllegalArgumentException(
                    "HONGBAO_OIDC_ISSUER may have no query or fragment (OpenID Connect Discovery §2), not " + issuer);
        }
    }

    private static boolean loopback(String host) {
        return host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");
    }

    private static String claimName(String value, String key) {
        String name = Setting.present(value, key).trim();
        if (name.isEmpty()) {
            throw new IllegalArgumentException(key + " must name a claim");
        }
        return name;
    }

    private static String trimmed(String value) {
        return value == null ? "" : value.trim();
    }
}
