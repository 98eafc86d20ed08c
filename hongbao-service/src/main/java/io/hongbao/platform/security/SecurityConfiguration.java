package io.hongbao.platform.security;

import io.hongbao.platform.storage.StorageSettings;
import io.hongbao.platform.web.ApiErrorWriter;
import io.hongbao.platform.web.ErrorCode;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.header.HttpHeaderWriterWebFilter;

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

    /** Tokens are checked against the system clock, never the service's replaceable {@link java.time.Clock}. */
    @Bean
    VerifiedTokens verifiedTokens(JwtSecret secret, SecuritySettings settings) {
        Clock system = Clock.systemUTC();
        return new VerifiedTokens(new TokenVerifier(secret, system)::verify, system, settings.verifiedTokenCache());
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

    /** The response headers come from {@link SecurityResponseHeaders}, one plain writer, instead of Spring's (ADR 0052). */
    @Bean
    SecurityWebFilterChain apiSecurity(ServerHttpSecurity http, VerifiedTokens tokens, ApiErrorWriter errors) {
        return http.headers(ServerHttpSecurity.HeaderSpec::disable)
                .addFilterAt(
                        new HttpHeaderWriterWebFilter(new SecurityResponseHeaders()),
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
