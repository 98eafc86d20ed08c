package io.hongbao.platform.security.provider;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.security.OidcSettings;
import io.hongbao.platform.security.ProviderTokens;
import io.hongbao.platform.security.VerifiedToken;
import java.text.ParseException;
import java.time.Duration;
import java.util.Set;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Verifies a provider's tokens with Nimbus (ADR 0097): signed with RS256 or ES256 by one of the provider's keys,
 * {@code iss} exactly the issuer, {@code aud} holding the audience, {@code exp} required, {@code exp} and {@code nbf}
 * within the leeway; then who calls, by {@link CallerClaims}. Everything else is refused: {@code alg: none}, HMAC
 * (the service's own HS256 tokens never reach this class), other algorithms, a key the provider does not publish even
 * after one more fetch.
 */
final class ProviderTokenVerifier implements ProviderTokens {

    /** The algorithms providers sign with (Keycloak's default RS256; ES256 for EC keys). */
    static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256);

    private final ProviderKeys keys;
    private final CallerClaims claims;
    private final SubjectUserIds userIds;
    private final Duration leeway;
    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    ProviderTokenVerifier(OidcSettings settings, ProviderKeys keys, SubjectUserIds userIds) {
        this.keys = keys;
        this.claims = new CallerClaims(settings);
        this.userIds = userIds;
        this.leeway = settings.leeway();
        // The key selector reads the keys already fetched, never the network: checks run on a CPU thread (verify).
        processor.setJWSKeySelector(
                new JWSVerificationKeySelector<>(ALGORITHMS, (selector, context) -> selector.select(keys.known())));
        DefaultJWTClaimsVerifier<SecurityContext> verifier = new DefaultJWTClaimsVerifier<>(
                settings.audience(),
                new JWTClaimsSet.Builder().issuer(settings.issuer()).build(),
                Set.of("exp", settings.userIdClaim()));
        verifier.setMaxClockSkew(Math.toIntExact(settings.leeway().toSeconds()));
        processor.setJWTClaimsSetVerifier(verifier);
        // typ JWT or none (Keycloak's), or at+jwt, the access token type of RFC 9068.
        processor.setJWSTypeVerifier(
                new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
    }

    @Override
    public Mono<VerifiedToken> verify(String token) {
        SignedJWT jwt;
        try {
            jwt = SignedJWT.parse(token);
        } catch (ParseException e) {
            // alg none parses as a plain JWT, not a signed one: refused here.
            return refused("not a signed JWT: " + e.getMessage());
        }
        JWSHeader header = jwt.getHeader();
        if (!ALGORITHMS.contains(header.getAlgorithm())) {
            return refused("alg " + header.getAlgorithm() + " is not accepted");
        }
        if (keys.matching(header).isEmpty()) {
            // An unknown kid: the provider may have rotated its keys. One more fetch, off the event loop; the check
            // then runs on that thread.
            return keys.refreshFor(header).then(Mono.defer(() -> check(jwt)));
        }
        // Off the event loop: an ES256 check took 1.5-1.8 ms on JDK 17 (RS256 60-80 us, HS256 4 us), long enough to
        // hold
        // every other connection of that loop. The parallel scheduler has one thread per core, like the loops, so the
        // CPU spent is the same; only the connections sharing the loop no longer wait behind it. Verified tokens are
        // cached (VerifiedTokens), so this runs once per token, not once per call.
        return Mono.defer(() -> check(jwt)).subscribeOn(Schedulers.parallel());
    }

    private Mono<VerifiedToken> check(SignedJWT jwt) {
        ProviderCaller caller;
        try {
            JWTClaimsSet verified = processor.process(jwt, null);
            // Good until exp plus the leeway, as this check says; the verified-token cache keeps it that long.
            caller = claims.read(
                    verified.getClaims(),
                    verified.getExpirationTime().toInstant().plus(leeway));
        } catch (BadJOSEException | JOSEException | IllegalArgumentException e) {
            return refused(e.getMessage());
        }
        if (!caller.needsMapping()) {
            return Mono.just(new VerifiedToken(new Caller(caller.userId(), caller.admin()), caller.expiresAt()));
        }
        return userIds.userIdOf(caller.subject())
                .map(userId -> new VerifiedToken(new Caller(userId, caller.admin()), caller.expiresAt()));
    }

    private static Mono<VerifiedToken> refused(String why) {
        return Mono.error(new InvalidBearerTokenException("the provider's token is refused: " + why));
    }
}
