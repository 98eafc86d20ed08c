package io.hongbao.peer;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The service's JWT check (its {@code HmacJwtDecoder}) as a plain servlet filter: HS256 via auth0's java-jwt,
 * {@code exp} and {@code sub} required, no leeway, {@code sub} a positive user id. A plain filter rather than Spring
 * Security's servlet resource server is the cheaper of the two, so any doubt favours the peer (ADR 0042).
 */
final class JwtFilter extends OncePerRequestFilter {

    static final String USER_ID = "hongbao.userId";
    private static final byte[] UNAUTHENTICATED =
            "{\"code\":\"UNAUTHENTICATED\",\"message\":\"a valid bearer token is required\"}"
                    .getBytes(StandardCharsets.UTF_8);

    private final JWTVerifier verifier;

    JwtFilter(byte[] secret) {
        this.verifier = JWT.require(Algorithm.HMAC256(secret))
                .withClaimPresence("exp")
                .withClaimPresence("sub")
                .acceptLeeway(0)
                .build();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long userId = userIdOf(request.getHeader("Authorization"));
        if (userId <= 0) {
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            response.setContentType("application/json");
            response.getOutputStream().write(UNAUTHENTICATED);
            return;
        }
        request.setAttribute(USER_ID, userId);
        chain.doFilter(request, response);
    }

    /** The verified {@code sub}, or 0 when the header holds no valid token. */
    long userIdOf(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return 0;
        }
        try {
            return Math.max(
                    0,
                    Long.parseLong(verifier.verify(authorization.substring(7)).getSubject()));
        } catch (JWTVerificationException | NumberFormatException e) {
            return 0;
        }
    }
}
