package io.hongbao.platform.security;

import io.hongbao.platform.storage.StorageSettings;
import io.hongbao.platform.web.ApiErrorWriter;
import io.hongbao.platform.web.ErrorCode;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.security.web.server.firewall.ServerWebExchangeFirewall;
import org.springframework.security.web.server.firewall.StrictServerWebExchangeFirewall;
import org.springframework.security.web.server.header.HttpHeaderWriterWebFilter;
import reactor.core.publisher.Mono;

/**
 * Every {@code /api/**} call needs a valid bearer token; {@code /api/v1/admin/**} also needs the admin role. Failures
 * answer the contract's JSON error body. Stateless: no session, no CSRF (no cookies are used).
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    @Bean
    JwtSecret jwtSecret(SecuritySettings security, StorageSettings storage) {
        return JwtSecret.configuredOrKeptIn(security.jwtSecret(), storage.dataDir());
    }

    /**
     * Tokens are checked against the system clock, never the service's replaceable {@link java.time.Clock}. The
     * cache's hits and misses are counted so that a load test can tell how much of its token work the cache took:
     * with many more users than entries most checks verify the signature (bench http's realistic profile).
     */
    @Bean
    VerifiedTokens verifiedTokens(
            JwtSecret secret,
            SecuritySettings settings,
            MeterRegistry registry,
            ObjectProvider<ProviderTokens> provider) {
        Clock system = Clock.systemUTC();
        Function<String, Mono<VerifiedToken>> own = VerifiedTokens.atOnce(new TokenVerifier(secret, system)::verify);
        ProviderTokens providerTokens = provider.getIfAvailable();
        VerifiedTokens tokens = new VerifiedTokens(
                providerTokens == null ? own : new OwnOrProviderTokens(own, providerTokens),
                system,
                settings.verifiedTokenCache());
        FunctionCounter.builder("hongbao.tokens.verified", tokens, VerifiedTokens::hits)
                .description("bearer-token checks answered from the verified-token cache")
                .tag("cache", "hit")
                .register(registry);
        FunctionCounter.builder("hongbao.tokens.verified", tokens, VerifiedTokens::misses)
                .description("bearer-token checks that verified the signature (not in the cache, or the cache is off)")
                .tag("cache", "miss")
                .register(registry);
        return tokens;
    }

    @Bean
    TokenIssuer tokenIssuer(JwtSecret secret) {
        return new TokenIssuer(secret);
    }

    /**
     * Spring Security observes each filter, authentication and authorization of every request when an observation
     * registry exists (Actuator brings one). Per grab that is several observations with a timer and a long-task
     * timer each, for metrics nobody reads; {@code http.server.requests} still times every request but the grab, which
     * {@code hongbao.grab.requests} times (ADR 0051).
     */
    @Bean
    SecurityObservationSettings securityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    /**
     * Every method reaches the routes, which answer an unknown one on a known path with 405 and {@code Allow} (and
     * {@code TRACE}, {@code FOO}, ... on an unknown path with 404); the firewall's other checks (encoded slashes, NUL,
     * {@code ..}, headers outside printable ASCII) stay as Spring Security sets them.
     */
    @Bean
    ServerWebExchangeFirewall requestFirewall() {
        StrictServerWebExchangeFirewall firewall = new StrictServerWebExchangeFirewall();
        firewall.setUnsafeAllowAnyHttpMethod(true);
        return firewall;
    }

    /** With a provider, the page may call its token endpoint (ADR 0097). */
    @Bean
    SecurityResponseHeaders securityResponseHeaders(OidcSettings oidc) {
        return new SecurityResponseHeaders(oidc.origin());
    }

    @Bean
    ServerExchangeRejectedHandler refusedRequests(ApiErrorWriter errors, SecurityResponseHeaders headers) {
        return new RefusedRequests(errors, headers);
    }

    @Bean
    OversizedRequests oversizedRequests(ApiErrorWriter errors, SecurityResponseHeaders headers) {
        return new OversizedRequests(errors, headers);
    }

    @Bean
    RawRequestTargets rawRequestTargets(ApiErrorWriter errors, SecurityResponseHeaders headers) {
        return new RawRequestTargets(errors, headers);
    }

    @Bean
    NettyServerCustomizer rawRequestTargetMarker() {
        return RawRequestTargets.markerAfterTheDecoder();
    }

    /** The response headers come from {@link SecurityResponseHeaders}, one plain writer, instead of Spring's (ADR 0052). */
    @Bean
    SecurityWebFilterChain apiSecurity(
            ServerHttpSecurity http,
            VerifiedTokens tokens,
            ApiErrorWriter errors,
            SecurityResponseHeaders securityResponseHeaders) {
        return http.headers(ServerHttpSecurity.HeaderSpec::disable)
                .addFilterAt(
                        new HttpHeaderWriterWebFilter(securityResponseHeaders),
                        SecurityWebFiltersOrder.HTTP_HEADERS_WRITER)
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .requestCache(ServerHttpSecurity.RequestCacheSpec::disable)
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .authorizeExchange(exchanges -> exchanges
                        .pathMatchers("/api/v1/admin/**")
                        .hasAuthority(CallerAuthentication.ADMIN_AUTHORITY)
                        .pathMatchers("/api/**")
                        .authenticated()
                        .anyExchange()
                        .permitAll())
                .oauth2ResourceServer(oauth -> oauth.bearerTokenConverter(new BearerTokenHeader())
                        .jwt(jwt -> jwt.authenticationManager(new CallerAuthenticationManager(tokens)))
                        .authenticationEntryPoint((exchange, e) -> errors.write(
                                exchange,
                                HttpStatus.UNAUTHORIZED,
                                ErrorCode.UNAUTHENTICATED,
                                "a valid bearer token is required"))
                        .accessDeniedHandler((exchange, e) -> errors.write(
                                exchange, HttpStatus.FORBIDDEN, ErrorCode.FORBIDDEN, "this needs the admin role")))
                .exceptionHandling(handling -> handling.authenticationEntryPoint((exchange, e) -> errors.write(
                                exchange,
                                HttpStatus.UNAUTHORIZED,
                                ErrorCode.UNAUTHENTICATED,
                                "a valid bearer token is required"))
                        .accessDeniedHandler((exchange, e) -> errors.write(
                                exchange, HttpStatus.FORBIDDEN, ErrorCode.FORBIDDEN, "this needs the admin role")))
                .build();
    }
}
