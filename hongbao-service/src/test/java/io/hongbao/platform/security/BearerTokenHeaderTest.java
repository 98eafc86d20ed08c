package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.oauth2.server.resource.web.server.authentication.ServerBearerTokenAuthenticationConverter;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;

class BearerTokenHeaderTest {

    private static final String JWT =
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwiZXhwIjoxNzk1NDI4MDAwfQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ";

    @Test
    void acceptsAndRefusesExactlyWhatSpringSecuritysConverterDoes() {
        List<String> headers = Arrays.asList(
                null,
                "",
                "Bearer " + JWT,
                "bearer " + JWT,
                "BEARER " + JWT,
                "Bearer abc==",
                "Bearer abc=",
                "Bearer a-b.c_d~e+f/g",
                "Bearer ",
                "Bearer",
                "Bearer  " + JWT,
                "Bearer " + JWT + " ",
                "Bearer " + JWT + "\n",
                "Bearer abc=d",
                "Bearer ==",
                "Bearer not a jwt",
                "Bearer tok\u00e9n",
                "Bearerx " + JWT,
                "Bearer\t" + JWT,
                "Basic dXNlcjpwdw==",
                "Token " + JWT);

        for (String header : headers) {
            assertThat(outcome(new BearerTokenHeader(), header))
                    .as("Authorization: %s", header)
                    .isEqualTo(outcome(new ServerBearerTokenAuthenticationConverter(), header));
        }
    }

    @Test
    void takesTheTokenAfterTheScheme() {
        assertThat(BearerTokenHeader.tokenOf("Bearer " + JWT)).isEqualTo(JWT);
        assertThat(BearerTokenHeader.tokenOf("Bearer x y")).isNull();
    }

    /** "none", "token:<value>" or "error:<description>": what a converter made of one header. */
    private static String outcome(ServerAuthenticationConverter converter, String header) {
        MockServerHttpRequest.BaseBuilder<?> request = MockServerHttpRequest.get("/api/v1/me/account");
        if (header != null) {
            request.header(HttpHeaders.AUTHORIZATION, header);
        }
        try {
            return converter
                    .convert(MockServerWebExchange.from(request.build()))
                    .map(auth -> "token:" + ((BearerTokenAuthenticationToken) auth).getToken())
                    .defaultIfEmpty("none")
                    .block();
        } catch (OAuth2AuthenticationException e) {
            return "error:" + e.getError().getErrorCode() + " " + e.getError().getDescription();
        }
    }
}
