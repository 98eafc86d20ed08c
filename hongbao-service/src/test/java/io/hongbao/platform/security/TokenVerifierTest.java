package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.interfaces.Claim;
import com.auth0.jwt.interfaces.DecodedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The lean verifier against java-jwt 4.6.2 built exactly as {@code TokenVerifier} built it before ADR 0100: the same
 * tokens, the same clock, the same answer (the caller and {@code exp}, or a refusal of the same kind). Two
 * differences are on purpose and asserted as such: java-jwt accepted {@code "exp": null} and threw a
 * {@link NullPointerException} for a header or payload of JSON {@code null}; the lean verifier refuses both.
 */
class TokenVerifierTest {

    private static final byte[] SECRET =
            "the-secret-of-this-service-32-bytes-at-least".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER =
            "not-the-secret-of-this-service-32-bytes-at-all".getBytes(StandardCharsets.UTF_8);
    /** Half a second past a whole second: java-jwt compares with now cut to the second. */
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00.500Z");

    private static final long SECOND = NOW.getEpochSecond();
    private static final String HS256 = "{\"alg\":\"HS256\",\"typ\":\"JWT\"}";
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private final TokenVerifier lean = new TokenVerifier(new JwtSecret(SECRET), CLOCK);
    private final JWTVerifier javaJwt = ((JWTVerifier.BaseVerification) JWT.require(Algorithm.HMAC256(SECRET))
                    .withClaimPresence("exp")
                    .withClaimPresence("sub")
                    .acceptLeeway(0))
            .build(CLOCK);

    @Test
    void answersEveryHeaderAsJavaJwtDoes() {
        List<String> headers = List.of(
                HS256,
                "{\"alg\":\"HS256\"}",
                "{\"typ\":\"JWT\",\"alg\":\"HS256\"}",
                "{\"alg\":\"HS256\",\"typ\":\"nonsense\",\"cty\":5}",
                "{\"alg\":\"HS256\",\"crit\":[\"exp\",\"unknown\"]}",
                "{\"alg\":\"none\"}",
                "{\"alg\":\"HS384\"}",
                "{\"alg\":\"RS256\"}",
                "{\"alg\":\"hs256\"}",
                "{\"alg\":\"HS256 \"}",
                "{}",
                "{\"alg\":null}",
                "{\"alg\":256}",
                "{\"alg\":[\"HS256\"]}",
                "{\"alg\":{\"name\":\"HS256\"}}",
                "{\"alg\":\"HS256\",\"alg\":\"none\"}",
                "{\"alg\":\"none\",\"alg\":\"HS256\"}",
                "{\"\\u0061lg\":\"HS\\u0032\\u0035\\u0036\"}",
                "{\"alg\":\"HS256\",\"kid\":\"ключ\"}",
                "{\"alg\":\"HS256\",\"x\":{\"deep\":[1,2.5,{\"a\":null}],\"t\":true}}",
                "{\"alg\":\"HS256\"} trailing words",
                "{\"alg\":\"HS256\"}}",
                "\uFEFF{\"alg\":\"HS256\"}",
                " \n\t{\"alg\":\"HS256\"}\n",
                "{\"alg\":\"HS256\",}",
                "{'alg':'HS256'}",
                "{\"alg\":\"HS256\"",
                "null",
                "[]",
                "\"HS256\"",
                "",
                "{\"alg\":\"HS256\",\"n\":" + "[".repeat(600) + "]".repeat(600) + "}",
                "{\"alg\":\"HS256\",\"n\":" + "[".repeat(1200) + "]".repeat(1200) + "}");
        for (String header : headers) {
            assertSameAnswer(sign(header, payload(SECOND + 60, "\"7\"", null)));
        }
    }

    @Test
    void answersEveryExpiryAndTimeClaimAsJavaJwtDoes() {
        List<String> times = List.of(
                Long.toString(SECOND + 60),
                Long.toString(SECOND + 1),
                Long.toString(SECOND),
                Long.toString(SECOND - 1),
                SECOND + ".9",
                (SECOND + 1) + ".0",
                (SECOND + 60) + "e0",
                "1.9e9",
                "1.7e9",
                "\"" + (SECOND + 60) + "\"",
                "true",
                "{}",
                "[" + (SECOND + 60) + "]",
                "0",
                "-1",
                "-0.5",
                "1e400",
                "99999999999999999999",
                "9223372036854775807",
                "-9223372036854775808",
                "31556889864403199",
                "31556889864403200",
                "1e17",
                "-1e30");
        for (String time : times) {
            assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":" + time + "}"));
            assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"nbf\":" + time + "}"));
            assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"iat\":" + time + "}"));
        }
        for (String time : List.of("null", Long.toString(SECOND + 60))) {
            assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"nbf\":" + time + "}"));
            assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"iat\":" + time + "}"));
        }
        assertSameAnswer(sign(HS256, "{\"sub\":\"7\"}"));
        assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":\"x\",\"exp\":" + (SECOND + 60) + "}"));
        assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"exp\":\"x\"}"));
        assertSameAnswer(sign(HS256, "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"exp\":" + (SECOND - 5) + "}"));
        assertSameAnswer(sign(HS256, "{\"exp\":" + (SECOND - 5) + ",\"sub\":\"alice\"}"));
        assertSameAnswer(sign(HS256, "{\"exp\":" + (SECOND + 60) + ",\"nbf\":\"x\",\"iat\":" + (SECOND + 9) + "}"));
    }

    @Test
    void answersEverySubjectAsJavaJwtDoes() {
        List<String> subjects = List.of(
                "\"7\"",
                "7",
                "7.0",
                "7e0",
                "\"+7\"",
                "\"007\"",
                "\"0\"",
                "\"-4\"",
                "0",
                "-4",
                "-0",
                "\"alice\"",
                "\"\"",
                "\" 7\"",
                "\"1.5\"",
                "true",
                "null",
                "{}",
                "[]",
                "[\"7\"]",
                "\"9007199254740991\"",
                "9007199254740991",
                "\"9007199254740992\"",
                "9007199254740992",
                "9223372036854775807",
                "99999999999999999999",
                "\"\\u0037\"",
                "\"٧\"",
                "\"7\",\"sub\":\"8\"",
                "\"alice\",\"sub\":\"8\"",
                "\"8\",\"sub\":null");
        for (String subject : subjects) {
            for (String roles : new String[] {null, "[\"admin\"]", "[{}]"}) {
                assertSameAnswer(sign(HS256, payload(SECOND + 60, subject, roles)));
            }
        }
    }

    @Test
    void answersEveryShapeOfRolesAsJavaJwtDoes() {
        List<String> roles = List.of(
                "null",
                "[]",
                "[\"admin\"]",
                "[\"user\",\"admin\"]",
                "[\"Admin\"]",
                "[\"admin \"]",
                "[\"\\u0061dmin\"]",
                "\"admin\"",
                "{\"admin\":true}",
                "5",
                "true",
                "[1,\"admin\"]",
                "[null,\"admin\"]",
                "[1.5,true,null]",
                "[{}]",
                "[[]]",
                "[[\"admin\"]]",
                "[{\"a\":1},\"admin\"]",
                "[\"admin\"],\"roles\":[]",
                "[],\"roles\":[\"admin\"]",
                "[{}],\"roles\":[\"admin\"]",
                "[\"admin\"],\"roles\":[{}]");
        for (String role : roles) {
            assertSameAnswer(sign(HS256, payload(SECOND + 60, "\"7\"", role)));
            assertSameAnswer(sign(HS256, payload(SECOND + 60, "\"0\"", role)));
        }
        assertSameAnswer(sign(HS256, "{\"exp\":" + (SECOND + 60) + "}"));
    }

    @Test
    void answersEveryMalformedPayloadAsJavaJwtDoes() {
        String valid = payload(SECOND + 60, "\"7\"", "[\"admin\"]");
        List<String> payloads = List.of(
                valid + " trailing",
                valid + "}",
                valid.substring(0, valid.length() - 1),
                valid.replace("{", "{\"name\":\"汉字 ключ\","),
                "\uFEFF" + valid,
                "null",
                "[]",
                "\"x\"",
                "42",
                "",
                "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",}",
                "{\"sub\":\"7\",\"exp\":0" + (SECOND + 60) + "}",
                "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"n\":NaN}",
                "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"s\":\"\\x\"}",
                "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"n\":" + "9".repeat(1001) + "}",
                "{\"sub\":\"7\",\"exp\":" + (SECOND + 60) + ",\"n\":" + "{\"a\":".repeat(700) + "1" + "}".repeat(700)
                        + "}");
        for (String payload : payloads) {
            assertSameAnswer(sign(HS256, payload));
        }
        String prefix = Base64.getUrlEncoder().withoutPadding().encodeToString(HS256.getBytes(StandardCharsets.UTF_8));
        byte[] invalidUtf8 = concat(
                "{\"sub\":\"7\",\"name\":\"".getBytes(StandardCharsets.UTF_8),
                new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF},
                ("\",\"exp\":" + (SECOND + 60) + "}").getBytes(StandardCharsets.UTF_8));
        assertSameAnswer(
                signParts(prefix, Base64.getUrlEncoder().withoutPadding().encodeToString(invalidUtf8), SECRET));
        byte[] utf16 = valid.getBytes(StandardCharsets.UTF_16BE);
        assertSameAnswer(
                signParts(prefix, Base64.getUrlEncoder().withoutPadding().encodeToString(utf16), SECRET));
    }

    @Test
    void answersEveryMalformedOrForgedTokenAsJavaJwtDoes() {
        String token = sign(HS256, payload(SECOND + 60, "\"7\"", "[]"));
        String[] parts = token.split("\\.");
        String adminPayload =
                sign(HS256, payload(SECOND + 60, "\"7\"", "[\"admin\"]")).split("\\.")[1];
        String none = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes());
        List<String> tokens = new ArrayList<>(List.of(
                "",
                ".",
                "..",
                "...",
                parts[0],
                parts[0] + "." + parts[1],
                token + ".",
                token + "." + parts[2],
                parts[0] + "." + adminPayload + "." + parts[2],
                none + "." + parts[1] + ".",
                none + "." + parts[1] + "." + parts[2],
                parts[0] + "." + parts[1] + "." + parts[2] + "=",
                parts[0] + "=." + parts[1] + "." + parts[2],
                parts[0] + "." + parts[1] + "." + parts[2] + parts[2],
                parts[0] + "." + parts[1] + "." + parts[2].substring(0, 42),
                parts[0] + "!." + parts[1] + "." + parts[2],
                parts[0] + "." + parts[1] + " ." + parts[2],
                parts[0] + "." + parts[1] + ".é" + parts[2],
                parts[0] + "." + parts[1] + "." + parts[2].replace('-', '+').replace('_', '/'),
                signParts(parts[0], parts[1], OTHER),
                signParts(parts[0] + "==", parts[1], SECRET),
                signParts(parts[0], parts[1] + "=", SECRET),
                signParts(parts[0], parts[1] + "A", SECRET),
                signParts(parts[0].substring(1), parts[1], SECRET),
                forgedWithHugeExp()));
        String last = parts[2].substring(0, 42);
        for (char c : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=.".toCharArray()) {
            tokens.add(parts[0] + "." + parts[1] + "." + last + c);
        }
        tokens.add(
                JWT.create().withSubject("7").withExpiresAt(NOW.plusSeconds(60)).sign(Algorithm.HMAC384(SECRET)));
        tokens.add(
                JWT.create().withSubject("7").withExpiresAt(NOW.plusSeconds(60)).sign(Algorithm.HMAC512(SECRET)));
        tokens.add(
                JWT.create().withSubject("7").withExpiresAt(NOW.plusSeconds(60)).sign(Algorithm.none()));
        for (String candidate : tokens) {
            assertSameAnswer(candidate);
        }
    }

    @Test
    void answersTokensSignedByJavaJwtAndTheIssuerAsJavaJwtDoes() {
        TokenIssuer issuer = new TokenIssuer(new JwtSecret(SECRET));
        for (long user : new long[] {1, 7, 123_456_789, 9_007_199_254_740_991L}) {
            for (boolean admin : new boolean[] {false, true}) {
                assertSameAnswer(issuer.issue(user, admin, NOW.plusSeconds(60)));
                assertSameAnswer(issuer.issue(user, admin, NOW.plusMillis(400)));
                assertSameAnswer(issuer.issue(user, admin, NOW.plusMillis(600)));
                assertSameAnswer(issuer.issue(user, admin, NOW.minusSeconds(1)));
            }
        }
        for (long offset : new long[] {-2, -1, 0, 1, 2}) {
            Instant at = Instant.ofEpochSecond(SECOND + offset);
            assertSameAnswer(JWT.create()
                    .withSubject("7")
                    .withExpiresAt(NOW.plusSeconds(60))
                    .withNotBefore(at)
                    .withIssuedAt(at)
                    .withIssuer("someone")
                    .withAudience("anyone")
                    .withClaim(TokenVerifier.ROLES, List.of("admin"))
                    .sign(Algorithm.HMAC256(SECRET)));
        }
    }

    @Test
    void answersRandomlyAlteredTokensAsJavaJwtDoes() {
        String token = new TokenIssuer(new JwtSecret(SECRET)).issue(7, true, NOW.plusSeconds(60));
        String characters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=.+/é ";
        Random random = new Random(20261129);
        for (int i = 0; i < 3000; i++) {
            StringBuilder altered = new StringBuilder(token);
            for (int edits = 1 + random.nextInt(2); edits > 0; edits--) {
                int at = random.nextInt(altered.length());
                char c = characters.charAt(random.nextInt(characters.length()));
                switch (random.nextInt(3)) {
                    case 0 -> altered.setCharAt(at, c);
                    case 1 -> altered.insert(at, c);
                    default -> altered.deleteCharAt(at);
                }
            }
            assertSameAnswer(altered.toString());
        }
    }

    @Test
    void refusesAnExpOfNullWhichJavaJwtAcceptedWithNoExpiry() {
        String token = sign(HS256, "{\"sub\":\"7\",\"exp\":null}");

        assertThat(answer(() -> toVerified(javaJwt.verify(token))))
                .isEqualTo("accepted Caller[userId=7, admin=false] until null");
        assertThat(answer(() -> lean.verify(token))).isEqualTo("refused JWTVerificationException");
    }

    @Test
    void refusesAHeaderOrPayloadOfJsonNullWhereJavaJwtThrewANullPointerException() {
        String nullHeader = sign("null", payload(SECOND + 60, "\"7\"", null));
        String nullPayload = sign(HS256, "null");
        String unsignedNullHeader = nullHeader.substring(0, nullHeader.lastIndexOf('.') + 1) + "AAAA";

        for (String token : List.of(nullHeader, nullPayload, unsignedNullHeader)) {
            assertThat(answer(() -> toVerified(javaJwt.verify(token))))
                    .as(token)
                    .isEqualTo("refused NullPointerException");
            assertThat(answer(() -> lean.verify(token))).as(token).isEqualTo("refused JWTVerificationException");
        }
    }

    @Test
    void refusesAForgedTokenWithADateBeyondInstantsRangeAsJavaJwtDoes() {
        String forged = forgedWithHugeExp();

        assertThat(answer(() -> toVerified(javaJwt.verify(forged)))).isEqualTo("refused JWTVerificationException");
        assertThat(answer(() -> lean.verify(forged))).isEqualTo("refused JWTVerificationException");
    }

    @Test
    void givesEachThreadItsOwnMacAndBuffers() throws Exception {
        TokenIssuer issuer = new TokenIssuer(new JwtSecret(SECRET));
        String forged = signParts(sign(HS256, "{}").split("\\.")[0], "eyJzdWIiOiI3In0", OTHER);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long user = t + 1;
                Callable<Boolean> work = () -> {
                    for (int i = 0; i < 2_000; i++) {
                        String token = issuer.issue(user, i % 2 == 0, NOW.plusSeconds(60 + i));
                        VerifiedToken verified = lean.verify(token);
                        if (!verified.equals(new VerifiedToken(
                                new Caller(user, i % 2 == 0), Instant.ofEpochSecond(SECOND + 60 + i)))) {
                            return false;
                        }
                        if (!answer(() -> lean.verify(forged)).equals("refused JWTVerificationException")) {
                            return false;
                        }
                    }
                    return true;
                };
                results.add(threads.submit(work));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * The same answer, or a refusal where java-jwt let the token through with no expiry (exp null) or failed with a
     * {@link NullPointerException} (a header or payload of JSON null), each asserted on its own above.
     */
    private void assertSameAnswer(String token) {
        String expected = answer(() -> toVerified(javaJwt.verify(token)));
        String actual = answer(() -> lean.verify(token));
        if (expected.endsWith(" until null") || expected.equals("refused NullPointerException")) {
            assertThat(actual).as(token).isEqualTo("refused JWTVerificationException");
        } else {
            assertThat(actual).as(token).isEqualTo(expected);
        }
    }

    /** What {@code TokenVerifier} did with java-jwt's answer before ADR 0100, line for line. */
    private static VerifiedToken toVerified(DecodedJWT jwt) {
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

    /** An accepted token as its caller and expiry; a refusal as the kind callers tell apart. */
    private static String answer(Callable<VerifiedToken> verification) {
        try {
            VerifiedToken verified = verification.call();
            return "accepted " + verified.caller() + " until " + verified.expiresAt();
        } catch (JWTVerificationException e) {
            return "refused JWTVerificationException";
        } catch (IllegalArgumentException e) {
            return "refused IllegalArgumentException";
        } catch (Exception e) {
            return "refused " + e.getClass().getSimpleName();
        }
    }

    private static String payload(long exp, String subject, String roles) {
        return "{\"sub\":" + subject + ",\"exp\":" + exp + (roles == null ? "" : ",\"roles\":" + roles) + "}";
    }

    private static String sign(String header, String payload) {
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        return signParts(
                encoder.encodeToString(header.getBytes(StandardCharsets.UTF_8)),
                encoder.encodeToString(payload.getBytes(StandardCharsets.UTF_8)),
                SECRET);
    }

    private static String signParts(String header, String payload, byte[] secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            byte[] signature = mac.doFinal((header + "." + payload).getBytes(StandardCharsets.UTF_8));
            return header + "." + payload + "."
                    + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Signed with another secret, so anyone could send it. */
    private static String forgedWithHugeExp() {
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        return signParts(
                encoder.encodeToString(HS256.getBytes(StandardCharsets.UTF_8)),
                encoder.encodeToString("{\"sub\":\"7\",\"exp\":9223372036854775807}".getBytes(StandardCharsets.UTF_8)),
                OTHER);
    }

    private static byte[] concat(byte[]... arrays) {
        int length = 0;
        for (byte[] array : arrays) {
            length += array.length;
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] array : arrays) {
            System.arraycopy(array, 0, all, at, array.length);
            at += array.length;
        }
        return all;
    }
}
