package io.hongbao.platform.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * Tokens that passed {@link TokenVerifier}, kept by their exact text until their {@code exp} (ADR 0053). In a red
 * packet storm the same users tap packet after packet with the same token, and checking the HMAC and parsing two
 * JSON documents again each time is a cost every grab would pay.
 *
 * <p>Why it is safe: only a token that verified is ever kept, under its whole text, signature included, so a forged
 * or altered token is a different key and goes through full verification. A kept token is answered only while the
 * clock is strictly before its {@code exp}, the rule java-jwt applies with no leeway (for a provider's token, ADR 0097:
 * {@code exp} plus the configured leeway, the rule Nimbus applies), so the cache is never more lenient, and the entry
 * leaves the cache then. The other time checks (nbf, iat) can only turn from
 * failing to passing as time goes on, never back. The cache is bounded; a size of 0 verifies every call.
 */
final class VerifiedTokens {

    /**
     * Full verification: {@link TokenVerifier#verify} in the service, and with a provider configured its
     * {@link ProviderTokens} too, which may answer later (ADR 0097).
     */
    private final Function<String, Mono<VerifiedToken>> verifier;

    private final Clock clock;
    private final Cache<String, VerifiedToken> cache;
    /** Calls answered from the cache, and calls that went through full verification (failures included). */
    private final LongAdder hits = new LongAdder();

    private final LongAdder misses = new LongAdder();

    VerifiedTokens(Function<String, Mono<VerifiedToken>> verifier, Clock clock, long maximumSize) {
        this.verifier = verifier;
        this.clock = clock;
        this.cache = maximumSize > 0
                ? Caffeine.newBuilder()
                        .maximumSize(maximumSize)
                        .expireAfter(Expiry.creating((String token, VerifiedToken verified) ->
                                Duration.between(clock.instant(), verified.expiresAt())))
                        .build()
                : null;
    }

    /** A synchronous verifier's answer as a {@link Mono}: its value, or what it threw as the error. */
    static Function<String, Mono<VerifiedToken>> atOnce(Function<String, VerifiedToken> verifier) {
        return token -> {
            try {
                return Mono.just(verifier.apply(token));
            } catch (RuntimeException e) {
                return Mono.error(e);
            }
        };
    }

    /** Fails with exactly what the verifier fails with for a token that is not (or no longer) good. */
    Mono<VerifiedToken> verify(String token) {
        if (cache == null) {
            misses.increment();
            return verifier.apply(token);
        }
        VerifiedToken kept = cache.getIfPresent(token);
        if (kept != null && clock.instant().isBefore(kept.expiresAt())) {
            hits.increment();
            return Mono.just(kept);
        }
        misses.increment();
        return verifier.apply(token).doOnNext(verified -> cache.put(token, verified));
    }

    /** Calls answered from the cache so far (the metric {@code hongbao.tokens.verified{cache=hit}}). */
    long hits() {
        return hits.sum();
    }

    /** Calls that verified the signature and claims so far, the cache off or not holding the token. */
    long misses() {
        return misses.sum();
    }

    long size() {
        if (cache == null) {
            return 0;
        }
        cache.cleanUp();
        return cache.estimatedSize();
    }
}
