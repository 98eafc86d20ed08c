package io.hongbao.platform.security.provider;

import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSetBasedJWKSource;
import com.nimbusds.jose.jwk.source.JWKSetCacheRefreshEvaluator;
import com.nimbusds.jose.jwk.source.JWKSetSource;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.URLBasedJWKSetSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.ResourceRetriever;
import io.hongbao.platform.security.OidcSettings;
import java.io.IOException;
import java.net.MalformedURLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The provider's signing keys (ADR 0097). Nimbus fetches, parses, caches and rate-limits ({@link JWKSourceBuilder});
 * this class keeps the last key set Nimbus fetched in a field that verification reads without I/O, and makes sure
 * every fetch happens on a thread of its own, never on an event loop:
 *
 * <ul>
 *   <li>at start, on its one background thread: the discovery document, then the keys. A provider that does not answer
 *       stops nothing: the service starts, provider tokens are 401 (one log line says why), and the thread asks again
 *       every {@code ask-at-most-every} until it answers;
 *   <li>every {@code keys-refresh-every}, on that thread: the keys again, so a key the provider dropped is dropped;
 *   <li>a token whose key is not among the known ones: the keys once more, on a bounded-elastic thread, unless Nimbus'
 *       rate limit says the provider was asked too recently (two fetches per {@code ask-at-most-every}).
 * </ul>
 *
 * While the provider cannot be reached the keys last fetched stay in use.
 */
public final class ProviderKeys implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ProviderKeys.class);

    /** Discovery documents and key sets are a few KB; a provider answering more is not answering keys. */
    private static final int SIZE_LIMIT = 512 * 1024;

    private final OidcSettings settings;
    private final ResourceRetriever retriever;
    private final ScheduledExecutorService background;

    private volatile ProviderMetadata metadata;
    private volatile JWKSet known = new JWKSet();
    private volatile JWKSource<SecurityContext> source;

    ProviderKeys(OidcSettings settings, int timeoutMillis) {
        this.settings = settings;
        this.retriever = new DefaultResourceRetriever(timeoutMillis, timeoutMillis, SIZE_LIMIT);
        this.background = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "oidc-provider");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Asks for the discovery document and the keys in the background; returns at once. */
    void start() {
        background.execute(this::discover);
    }

    /** The discovery document, once the provider answered it. */
    public Optional<ProviderMetadata> metadata() {
        return Optional.ofNullable(metadata);
    }

    /** The keys last fetched. */
    JWKSet known() {
        return known;
    }

    /** The known keys that match the token's header ({@code kid}, {@code alg}, key type): no I/O. */
    List<JWK> matching(JWSHeader header) {
        return new JWKSelector(JWKMatcher.forJWSHeader(header)).select(known);
    }

    /**
     * Fetches the keys once more for a token whose key is unknown, on a bounded-elastic thread; completes when the
     * fetch is done, was refused by the rate limit, or failed (then the known keys stay, and the token is refused).
     */
    Mono<Void> refreshFor(JWSHeader header) {
        JWKSource<SecurityContext> keys = source;
        if (keys == null) {
            return Mono.empty();
        }
        return Mono.<Void>fromRunnable(() -> {
                    try {
                        // Nimbus' get: the cached set first; none matching, one refresh (through the rate limit).
                        keys.get(new JWKSelector(JWKMatcher.forJWSHeader(header)), null);
                    } catch (KeySourceException e) {
                        log.info(
                                "no fresh keys from {} for kid {}: {}",
                                settings.issuer(),
                                header.getKeyID(),
                                e.toString());
                    }
                })
                .subscribeOn(Schedulers.boundedElastic());
    }

    private void discover() {
        try {
            String document = retriever
                    .retrieveResource(
                            ProviderMetadata.location(settings.issuer()).toURL())
                    .getContent();
            ProviderMetadata discovered = ProviderMetadata.parse(document, settings.issuer());
            source = keySource(discovered);
            metadata = discovered;
            refresh();
            log.info(
                    "OpenID provider {}: keys from {} ({}); its tokens are accepted",
                    settings.issuer(),
                    discovered.jwksUri(),
                    keyIds());
            long every = settings.keysRefreshEvery().toMillis();
            background.scheduleWithFixedDelay(this::refreshQuietly, every, every, TimeUnit.MILLISECONDS);
        } catch (IOException | RuntimeException | KeySourceException e) {
            log.warn(
                    "The OpenID provider {} cannot be reached or answered nonsense ({}): its tokens are refused (401)"
                            + " until it answers; asking again in {}",
                    settings.issuer(),
                    e.toString(),
                    settings.askAtMostEvery());
            source = null;
            background.schedule(this::discover, settings.askAtMostEvery().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void refresh() throws KeySourceException {
        ((JWKSetBasedJWKSource<SecurityContext>) source)
                .getJWKSetSource()
                .getJWKSet(JWKSetCacheRefreshEvaluator.forceRefresh(), System.currentTimeMillis(), null);
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (KeySourceException | RuntimeException e) {
            log.warn(
                    "The OpenID provider's keys could not be fetched again ({}); the last ones stay in use",
                    e.toString());
        }
    }

    private JWKSource<SecurityContext> keySource(ProviderMetadata discovered) throws MalformedURLException {
        JWKSetSource<SecurityContext> fetching =
                new Recording(new URLBasedJWKSetSource<>(discovered.jwksUri().toURL(), retriever));
        long refreshEvery = settings.keysRefreshEvery().toMillis();
        return JWKSourceBuilder.create(fetching)
                .cache(refreshEvery, JWKSourceBuilder.DEFAULT_CACHE_REFRESH_TIMEOUT)
                .rateLimited(settings.askAtMostEvery().toMillis())
                .retrying(true)
                .refreshAheadCache(false)
                .build();
    }

    private List<String> keyIds() {
        return known.getKeys().stream()
                .map(key -> key.getKeyID() + " " + key.getKeyType())
                .toList();
    }

    @Override
    public void close() {
        background.shutdownNow();
    }

    /** Keeps each key set Nimbus fetched where verification reads it. */
    private final class Recording implements JWKSetSource<SecurityContext> {

        private final JWKSetSource<SecurityContext> fetching;

        Recording(JWKSetSource<SecurityContext> fetching) {
            this.fetching = fetching;
        }

        @Override
        public JWKSet getJWKSet(JWKSetCacheRefreshEvaluator refresh, long currentTime, SecurityContext context)
                throws KeySourceException {
            JWKSet fetched = fetching.getJWKSet(refresh, currentTime, context);
            // Public keys only: a provider that published a private key by mistake must not make us hold it.
            known = fetched.toPublicJWKSet();
            return fetched;
        }

        @Override
        public void close() throws IOException {
            fetching.close();
        }
    }
}
