package io.hongbao.platform.security;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.Claim;
import com.auth0.jwt.interfaces.DecodedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One verification of the kind of token {@link TokenIssuer} issues ({@code sub}, {@code exp}, {@code roles}), the
 * cache missed: java-jwt 4.6.2 as the service used it before ADR 0100 against the lean {@link TokenVerifier}. In the
 * service's package (the verifier is package-private; a class path has no split-package rule). Run with
 * {@code -prof gc} for the bytes allocated per verification; the command is in docs/performance.md, Method.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class TokenVerifierBenchmark {

    private static final JwtSecret SECRET =
            new JwtSecret("a-benchmark-secret-of-32-bytes-or-more-0123456789".getBytes(StandardCharsets.UTF_8));

    private String token;
    private JWTVerifier javaJwt;
    private TokenVerifier lean;

    @Setup
    public void setUp() {
        // a grabber's token: a seven-digit user id, not an admin, valid for the run
        token = new TokenIssuer(SECRET).issue(1_234_567, false, Duration.ofHours(1));
        Clock clock = Clock.systemUTC();
        javaJwt = ((JWTVerifier.BaseVerification) JWT.require(Algorithm.HMAC256(SECRET.bytes()))
                        .withClaimPresence("exp")
                        .withClaimPresence("sub")
                        .acceptLeeway(0))
                .build(clock);
        lean = new TokenVerifier(SECRET, clock);
        if (!javaJwt().equals(lean())) {
            throw new IllegalStateException("the two verifiers disagree on the benchmark's token");
        }
    }

    /** What {@code TokenVerifier} did before ADR 0100: java-jwt's verify, then the caller from its claims. */
    @Benchmark
    public VerifiedToken javaJwt() {
        DecodedJWT jwt = javaJwt.verify(token);
        Caller caller = new Caller(Long.parseLong(jwt.getSubject()), isAdmin(jwt.getClaim(TokenVerifier.ROLES)));
        return new VerifiedToken(caller, jwt.getExpiresAtAsInstant());
    }

    private static boolean isAdmin(Claim roles) {
        if (roles.isMissing() || roles.isNull()) {
            return false;
        }
        List<String> list = roles.asList(String.class);
        return list != null && list.contains("admin");
    }

    @Benchmark
    public VerifiedToken lean() {
        return lean.verify(token);
    }
}
