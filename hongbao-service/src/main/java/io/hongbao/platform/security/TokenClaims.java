package io.hongbao.platform.security;

import com.auth0.jwt.exceptions.JWTDecodeException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;

/**
 * What {@link TokenVerifier} reads from a token's header and payload, with Jackson's streaming parser: no tree, no map,
 * no string for a name it does not need. It reads them as java-jwt 4.6.2 does (ADR 0100):
 *
 * <ul>
 *   <li>each part must be a JSON object; anything after its closing brace is not read (java-jwt's reader does not
 *       fail on trailing tokens); a name given twice counts with its last value (java-jwt's map keeps the last);
 *   <li>{@code alg} counts only as the string {@code "HS256"};
 *   <li>{@code exp}, {@code nbf}, {@code iat}: absent or {@code null} is no value; otherwise a JSON number whose value a
 *       long holds, a fraction cut toward zero; a string, a boolean or a structure is refused;
 *   <li>{@code sub} is the text {@code Long.parseLong} gets: a string as it is, an integer as its digits, anything else
 *       text that is no number (java-jwt's {@code asText}: {@code "7.0"}, {@code "true"}, {@code ""});
 *   <li>{@code roles}: an array holding the string {@code "admin"} makes an admin; any other value does not; an array
 *       holding an object or an array is refused (java-jwt's {@code asList(String.class)} cannot map it).
 * </ul>
 *
 * <p>One instance per thread, reused token after token ({@link #reset}); not thread-safe.
 */
final class TokenClaims {

    /** java-jwt reads with Jackson 2's default nesting limit, 1,000; Jackson 3's is 500. */
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(1000).build())
            .build();

    private static final char[] ADMIN = "admin".toCharArray();

    boolean algorithmHs256;
    final Seconds expiresAt = new Seconds("exp");
    final Seconds notBefore = new Seconds("nbf");
    final Seconds issuedAt = new Seconds("iat");
    /** {@code sub}'s presence, and the text java-jwt would hand {@code Long.parseLong} (null for JSON null). */
    boolean subjectPresent;

    String subjectText;
    /** An integer {@code sub}, kept as a number: its text parses back to it. */
    boolean subjectIsLong;

    long subjectLong;
    boolean admin;
    /** {@code roles} held an array or object inside its array: java-jwt throws for it once the rest passed. */
    boolean rolesUnmappable;

    void reset() {
        algorithmHs256 = false;
        expiresAt.reset();
        notBefore.reset();
        issuedAt.reset();
        subjectPresent = false;
        subjectText = null;
        subjectIsLong = false;
        admin = false;
        rolesUnmappable = false;
    }

    void readHeader(byte[] json, int length) {
        try (JsonParser parser = open(json, length)) {
            startObject(parser);
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("alg".equals(name)) {
                    algorithmHs256 = value == JsonToken.VALUE_STRING && "HS256".equals(parser.getString());
                }
                parser.skipChildren();
            }
        } catch (JacksonException e) {
            throw new JWTDecodeException("The token's header is not a JSON object.", e);
        }
    }

    void readPayload(byte[] json, int length) {
        try (JsonParser parser = open(json, length)) {
            startObject(parser);
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "exp" -> expiresAt.read(parser, value);
                    case "nbf" -> notBefore.read(parser, value);
                    case "iat" -> issuedAt.read(parser, value);
                    case "sub" -> readSubject(parser, value);
                    case TokenVerifier.ROLES -> readRoles(parser, value);
                    default -> {}
                }
                parser.skipChildren();
            }
        } catch (JacksonException e) {
            throw new JWTDecodeException("The token's payload is not a JSON object.", e);
        }
    }

    /**
     * ASCII without NUL bytes is read as bytes; anything else as java-jwt reads it: decoded to a {@code String} as UTF-8
     * (malformed bytes become U+FFFD) and parsed as text, never with Jackson's own guess at UTF-16 or UTF-32.
     */
    private static JsonParser open(byte[] json, int length) {
        for (int i = 0; i < length; i++) {
            if (json[i] <= 0) {
                return JSON.createParser(
                        ObjectReadContext.empty(), new String(json, 0, length, StandardCharsets.UTF_8));
            }
        }
        return JSON.createParser(ObjectReadContext.empty(), json, 0, length);
    }

    private static void startObject(JsonParser parser) {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new JWTDecodeException("The token's part is not a JSON object.");
        }
    }

    private void readSubject(JsonParser parser, JsonToken value) {
        subjectPresent = true;
        subjectIsLong = false;
        subjectText = switch (value) {
            case VALUE_NULL -> null;
            case VALUE_STRING -> parser.getString();
            case VALUE_NUMBER_INT -> {
                if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    yield parser.getString();
                }
                subjectIsLong = true;
                subjectLong = parser.getLongValue();
                yield null;
            }
            // a fraction's, a boolean's text; a structure's is empty: none parses as a long
            default -> "";
        };
    }

    private void readRoles(JsonParser parser, JsonToken value) {
        admin = false;
        rolesUnmappable = false;
        if (value != JsonToken.START_ARRAY) {
            return;
        }
        JsonToken element;
        // the parser throws at an end of input inside the array; the null check only keeps the loop finite regardless
        while ((element = parser.nextToken()) != JsonToken.END_ARRAY && element != null) {
            if (element == JsonToken.START_OBJECT || element == JsonToken.START_ARRAY) {
                rolesUnmappable = true;
                parser.skipChildren();
            } else if (element == JsonToken.VALUE_STRING && isAdmin(parser)) {
                admin = true;
            }
        }
    }

    private static boolean isAdmin(JsonParser parser) {
        if (parser.getStringLength() != ADMIN.length) {
            return false;
        }
        char[] text = parser.getStringCharacters();
        int offset = parser.getStringOffset();
        for (int i = 0; i < ADMIN.length; i++) {
            if (text[offset + i] != ADMIN[i]) {
                return false;
            }
        }
        return true;
    }

    /** A NumericDate claim: whether it was given, and its whole seconds or why java-jwt refuses it. */
    static final class Seconds {

        final String claim;
        boolean present;
        boolean isNull;
        long value;
        /** Why java-jwt refuses the value, or null. */
        String refusal;

        Seconds(String claim) {
            this.claim = claim;
        }

        void reset() {
            present = false;
            isNull = false;
            refusal = null;
        }

        /** Present and not null: a value to check. */
        boolean given() {
            return present && !isNull;
        }

        /** The value as java-jwt's {@code Instant}, or its refusal; beyond {@code Instant}'s range java-jwt refuses it too. */
        Instant instant() {
            if (refusal != null) {
                throw new JWTDecodeException(refusal);
            }
            if (value < Instant.MIN.getEpochSecond() || value > Instant.MAX.getEpochSecond()) {
                throw new JWTDecodeException("The claim '" + claim + "' is out of the range of an Instant.");
            }
            return Instant.ofEpochSecond(value);
        }

        private void read(JsonParser parser, JsonToken token) {
            present = true;
            isNull = token == JsonToken.VALUE_NULL;
            refusal = null;
            if (token == JsonToken.VALUE_NUMBER_INT) {
                if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    refusal = outOfRange();
                } else {
                    value = parser.getLongValue();
                }
            } else if (token == JsonToken.VALUE_NUMBER_FLOAT) {
                // Jackson 2's DoubleNode: canConvertToLong() is the range check, asLong() the cast
                double seconds = parser.getDoubleValue();
                if (seconds >= Long.MIN_VALUE && seconds <= Long.MAX_VALUE) {
                    value = (long) seconds;
                } else {
                    refusal = outOfRange();
                }
            } else if (!isNull) {
                refusal = "The claim '" + claim + "' contained a non-numeric date value.";
            }
        }

        private String outOfRange() {
            return "The claim '" + claim + "' value is out of the range representable as a NumericDate.";
        }
    }
}
