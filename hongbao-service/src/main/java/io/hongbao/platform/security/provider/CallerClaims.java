package io.hongbao.platform.security.provider;

import io.hongbao.platform.ids.UserIds;
import io.hongbao.platform.security.OidcSettings;
import java.time.Instant;
import java.util.Map;

/**
 * Reads who calls from a provider token's verified claims, as the settings say (ADR 0097): the user-id claim, either a
 * user id itself or a subject the service maps to one, and the admin role at the admin claims path. Plain Java over
 * the claims as a map, so the rules are tested with {@code new}.
 */
final class CallerClaims {

    /** OpenID Connect Core §2: a {@code sub} is at most 255 ASCII characters; the subject table holds as much. */
    static final int MAX_SUBJECT = 255;

    private final String userIdClaim;
    private final boolean mapped;
    private final ClaimsPath adminClaim;
    private final String adminRole;

    CallerClaims(OidcSettings settings) {
        this.userIdClaim = settings.userIdClaim();
        this.mapped = settings.mapped();
        this.adminClaim = ClaimsPath.of(settings.adminClaim());
        this.adminRole = settings.adminRole();
    }

    /**
     * What the claims say.
     *
     * @throws IllegalArgumentException naming the claim, when the user-id claim is missing or not what the settings
     *     say it holds
     */
    ProviderCaller read(Map<String, Object> claims, Instant expiresAt) {
        Object value = claims.get(userIdClaim);
        boolean admin = adminClaim.holds(claims, adminRole);
        if (mapped) {
            return ProviderCaller.toMap(subject(value), admin, expiresAt);
        }
        return ProviderCaller.known(userId(value), admin, expiresAt);
    }

    /** A JSON integer, or a string of decimal digits (as {@code sub}, always a string, would carry it). */
    long userId(Object value) {
        long id;
        if (value instanceof Long || value instanceof Integer) {
            id = ((Number) value).longValue();
        } else if (value instanceof String text && text.matches("[1-9][0-9]{0,15}")) {
            id = Long.parseLong(text);
        } else {
            throw new IllegalArgumentException("the claim " + userIdClaim + " is not a user id");
        }
        if (!UserIds.valid(id)) {
            throw new IllegalArgumentException("the claim " + userIdClaim + ": " + UserIds.RULE);
        }
        return id;
    }

    /** 1 to 255 printable ASCII characters, as OpenID Connect promises; anything else is not a subject we keep. */
    String subject(Object value) {
        if (!(value instanceof String text) || text.isEmpty() || text.length() > MAX_SUBJECT) {
            throw new IllegalArgumentException(
                    "the claim " + userIdClaim + " is not a subject (1 to " + MAX_SUBJECT + " ASCII characters)");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '!' || c > '~') {
                throw new IllegalArgumentException(
                        "the claim " + userIdClaim + " holds a character outside printable ASCII");
            }
        }
        return text;
    }
}
