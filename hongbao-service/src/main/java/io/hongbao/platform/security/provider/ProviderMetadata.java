package io.hongbao.platform.security.provider;

import com.nimbusds.jose.util.JSONObjectUtils;
import java.net.URI;
import java.text.ParseException;
import java.util.Map;

/**
 * The parts of a provider's discovery document ({@code <issuer>/.well-known/openid-configuration}, OpenID Connect
 * Discovery §4) the service uses: where the keys are, and where the web app signs in.
 */
public record ProviderMetadata(String issuer, URI jwksUri, URI authorizationEndpoint, URI tokenEndpoint) {

    static final String WELL_KNOWN = "/.well-known/openid-configuration";

    /** Where the document of this issuer is: its URL with the well-known path appended (Discovery §4.1). */
    static URI location(String issuer) {
        String base = issuer.endsWith("/") ? issuer.substring(0, issuer.length() - 1) : issuer;
        return URI.create(base + WELL_KNOWN);
    }

    /**
     * @throws IllegalArgumentException when the document is not JSON, misses a field, or names another issuer: Discovery
     *     §4.3 requires the document's {@code issuer} to be exactly the one asked for, else its keys could be anyone's
     */
    static ProviderMetadata parse(String json, String expectedIssuer) {
        Map<String, Object> document;
        try {
            document = JSONObjectUtils.parse(json);
        } catch (ParseException e) {
            throw new IllegalArgumentException("the discovery document is not a JSON object: " + e.getMessage(), e);
        }
        String issuer = field(document, "issuer");
        if (!issuer.equals(expectedIssuer)) {
            throw new IllegalArgumentException(
                    "the discovery document names the issuer " + issuer + ", not the configured " + expectedIssuer
                            + " (HONGBAO_OIDC_ISSUER must be exactly the tokens' iss)");
        }
        return new ProviderMetadata(
                issuer,
                uri(document, "jwks_uri"),
                uri(document, "authorization_endpoint"),
                uri(document, "token_endpoint"));
    }

    private static URI uri(Map<String, Object> document, String name) {
        String value = field(document, name);
        URI uri = URI.create(value);
        if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())) {
            throw new IllegalArgumentException("the discovery document's " + name + " is not a URL: " + value);
        }
        return uri;
    }

    private static String field(Map<String, Object> document, String name) {
        if (!(document.get(name) instanceof String value) || value.isBlank()) {
            throw new IllegalArgumentException("the discovery document has no " + name);
        }
        return value;
    }
}
