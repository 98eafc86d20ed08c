package io.hongbao.platform.security.provider;

import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.security.OidcSettings;
import io.hongbao.platform.security.ProviderTokens;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

/** Tokens from an OpenID Connect provider, while an issuer is configured (ADR 0097). */
@Configuration(proxyBeanMethods = false)
class ProviderConfiguration {

    /**
     * A call to the provider that takes longer is given up: it runs on a thread of its own, but the next try should
     * not wait behind a provider that hangs.
     */
    private static final int TIMEOUT_MILLIS = 5_000;

    /** Subjects kept in memory with their user ids: about 100 bytes each. */
    private static final long KEPT_SUBJECTS = 100_000;

    /** Starts asking the provider in the background: the start does not wait for it (ADR 0097). */
    @Bean(destroyMethod = "close")
    @Conditional(ProviderConfigured.class)
    ProviderKeys providerKeys(OidcSettings settings) {
        ProviderKeys keys = new ProviderKeys(settings, TIMEOUT_MILLIS);
        keys.start();
        return keys;
    }

    @Bean
    @Conditional(ProviderConfigured.class)
    ProviderTokens providerTokens(OidcSettings settings, ProviderKeys keys, EachDatabase databases, Blocking blocking) {
        SubjectUserIds userIds = settings.mapped()
                ? new SubjectTable(databases, blocking, KEPT_SUBJECTS)
                : subject -> Mono.error(new IllegalStateException("subjects are user ids, not mapped"));
        return new ProviderTokenVerifier(settings, keys, userIds);
    }

    @Bean
    ProviderSignIn providerSignIn(OidcSettings settings, ObjectProvider<ProviderKeys> keys) {
        return new ProviderSignIn(settings, keys.getIfAvailable());
    }
}
