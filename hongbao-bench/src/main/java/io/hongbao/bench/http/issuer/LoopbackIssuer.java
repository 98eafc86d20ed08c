package io.hongbao.bench.http.issuer;

import com.nimbusds.jose.util.JSONObjectUtils;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A real OpenID Connect issuer as far as the service asks one (ADR 0097): its discovery document at
 * {@code /.well-known/openid-configuration} and its key set at {@code /jwks}, over HTTP on the loopback address (the
 * service takes plain http to 127.0.0.1 only). It signs nothing itself; {@code load.ProviderSignedTokens} signs with
 * the same {@link IssuerKey}. The service fetches these two documents at start and every few minutes, so the JDK's
 * small server with its one thread is plenty.
 */
public final class LoopbackIssuer implements AutoCloseable {

    static final String DISCOVERY = "/.well-known/openid-configuration";
    static final String KEYS = "/jwks";

    private final HttpServer server;
    private final String issuer;

    private LoopbackIssuer(HttpServer server, String issuer) {
        this.server = server;
        this.issuer = issuer;
    }

    /** Listens on a free port of 127.0.0.1 and serves {@code key}'s public half. */
    public static LoopbackIssuer start(IssuerKey key) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String issuer = "http://127.0.0.1:" + server.getAddress().getPort();
        String discovery = JSONObjectUtils.toJSONString(discoveryDocument(issuer, key));
        String keys = key.publicKeys().toString();
        server.createContext(DISCOVERY, exchange -> answer(exchange, DISCOVERY, discovery));
        server.createContext(KEYS, exchange -> answer(exchange, KEYS, keys));
        server.start();
        return new LoopbackIssuer(server, issuer);
    }

    /** The issuer's URL: the tokens' {@code iss} and the service's {@code HONGBAO_OIDC_ISSUER}. */
    public String issuer() {
        return issuer;
    }

    /**
     * OpenID Connect Discovery §3's required fields. The service reads {@code issuer}, {@code jwks_uri} and the two
     * endpoints (for its web app's sign-in, which the bench never uses: they answer 404).
     */
    static Map<String, Object> discoveryDocument(String issuer, IssuerKey key) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("issuer", issuer);
        document.put("jwks_uri", issuer + KEYS);
        document.put("authorization_endpoint", issuer + "/authorize");
        document.put("token_endpoint", issuer + "/token");
        document.put("response_types_supported", List.of("code"));
        document.put("subject_types_supported", List.of("public"));
        document.put(
                "id_token_signing_alg_values_supported", List.of(key.algorithm().getName()));
        return document;
    }

    /** A context matches its path as a prefix: anything longer is not ours. */
    private static void answer(HttpExchange exchange, String path, String json) throws IOException {
        try (exchange) {
            boolean ours = exchange.getRequestURI().getPath().equals(path)
                    && exchange.getRequestMethod().equals("GET");
            byte[] body = (ours ? json : "{}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(ours ? 200 : 404, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
