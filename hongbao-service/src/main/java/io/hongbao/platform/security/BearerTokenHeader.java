package io.hongbao.platform.security;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.BearerTokenErrors;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Takes the bearer token from the {@code Authorization} header, accepting and refusing exactly what Spring Security's
 * {@code ServerBearerTokenAuthenticationConverter} does with its defaults (header only, no query or form parameter):
 * no header or another scheme is no token at all; {@code Bearer} followed by anything but one RFC 6750 token is
 * "malformed". Spring's converter merges three reactive sources and runs a regular expression per request, a cost
 * every grab pays; this is a loop over the header's characters (ADR 0052).
 */
final class BearerTokenHeader implements ServerAuthenticationConverter {

    private static final String SCHEME = "bearer";

    @Override
    public Mono<Authentication> convert(ServerWebExchange exchange) {
        String authorization = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Mono.empty();
        }
        String token = tokenOf(authorization);
        if (token == null) {
            return Mono.error(
                    new OAuth2AuthenticationException(BearerTokenErrors.invalidToken("Bearer token is malformed")));
        }
        return Mono.just(new BearerTokenAuthenticationToken(token));
    }

    /**
     * Spring's pattern, {@code ^Bearer (?<token>[a-zA-Z0-9-._~+/]+=*)$} case-insensitive, by hand: the scheme, one
     * space, at least one token character, then only {@code =} padding to the end. Null when it does not match.
     */
    static String tokenOf(String authorization) {
        int start = SCHEME.length() + 1;
        if (authorization.length() <= start || authorization.charAt(SCHEME.length()) != ' ') {
            return null;
        }
        int i = start;
        while (i < authorization.length() && isTokenChar(authorization.charAt(i))) {
            i++;
        }
        if (i == start) {
            return null;
        }
        while (i < authorization.length() && authorization.charAt(i) == '=') {
            i++;
        }
        return i == authorization.length() ? authorization.substring(start) : null;
    }

    private static boolean isTokenChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~'
                || c == '+'
                || c == '/';
    }
}
