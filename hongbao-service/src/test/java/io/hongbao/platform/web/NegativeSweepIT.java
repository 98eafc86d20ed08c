package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.AuditChecks;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RawHttp;
import io.hongbao.support.RawHttp.Answer;
import io.hongbao.support.TestStorage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Every operation of the OpenAPI document, sent malformed requests of every kind an integrator's sweep found
 * (bad tokens, loose or broken ids, bad query values, malformed, oversized or mistyped bodies, huge headers and
 * paths, unknown methods), as raw bytes. Each must be refused: a 4xx in the contract's shape with the security
 * headers, within 2 s, and nothing changed (the balances and points of the user the money-moving calls name, and
 * every audit check that held before). Prints the table of categories and answers.
 */
@Tag(TestStorage.SERVER_INDEPENDENT)
class NegativeSweepIT extends IntegrationTest {

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");
    private static final Duration SLOWEST = Duration.ofSeconds(2);

    @LocalServerPort
    int port;

    /** One malformed request: its category, and the request as bytes. */
    record Probe(String category, String what, byte[] head, byte[] body) {}

    @Test
    void everyMalformedRequestToEveryOperationIsRefusedInTheContractsShapeAndChangesNothing() throws IOException {
        long victim = newUser();
        api().deposit(victim, 10_000).expectStatus().isOk();
        api().grantPoints(victim, 500).expectStatus().isOk();
        long balance = api().balanceOf(victim);
        long points = api().pointsOf(victim);
        List<String> heldBefore = heldChecks();

        List<Probe> probes = new ArrayList<>();
        apiDocument()
                .path("paths")
                .properties()
                .forEach(path -> METHODS.forEach(method -> {
                    JsonNode operation = path.getValue().path(method);
                    if (!operation.isMissingNode()) {
                        probes.addAll(probesFor(method.toUpperCase(), path.getKey(), operation, victim));
                    }
                }));

        Map<String, Map<Integer, Integer>> table = new TreeMap<>();
        RawHttp http = new RawHttp(port);
        List<String> wrong = new ArrayList<>();
        for (Probe probe : probes) {
            long start = System.nanoTime();
            Answer answer = http.send(probe.head(), probe.body());
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            table.computeIfAbsent(probe.category(), c -> new TreeMap<>()).merge(answer.status(), 1, Integer::sum);
            if (answer.status() < 400 || answer.status() >= 500 || took.compareTo(SLOWEST) > 0) {
                wrong.add(probe.what() + " -> " + answer.status() + " in " + took.toMillis() + " ms: " + answer.body());
                continue;
            }
            try {
                answer.assertContractRefusal(probe.what());
            } catch (AssertionError e) {
                wrong.add(probe.what() + " -> " + e.getMessage());
            }
        }
        System.out.println("NegativeSweepIT: " + probes.size() + " malformed requests; answers by category:");
        table.forEach((category, answers) -> System.out.println("  " + category + ": " + answers));

        assertThat(wrong)
                .as("requests not refused in the contract's shape within 2 s")
                .isEmpty();
        assertThat(api().balanceOf(victim)).as("the named user's balance").isEqualTo(balance);
        assertThat(api().pointsOf(victim)).as("the named user's points").isEqualTo(points);
        assertThat(heldChecks()).as("audit checks that held before").containsAll(heldBefore);
        assertThat(table.keySet()).contains("body", "headers", "method", "path id", "query", "target", "token");
    }

    private List<Probe> probesFor(String method, String path, JsonNode operation, long victim) {
        List<Probe> probes = new ArrayList<>();
        boolean api = path.startsWith("/api/");
        String token = path.startsWith("/api/v1/admin/") ? adminToken() : tokenFor(newUser());
        String auth = api ? "Authorization: Bearer " + token + "\r\n" : "";
        String valid = path.replace("{userId}", String.valueOf(victim)).replace("{id}", "sweep-unknown-id");
        boolean body = operation.has("requestBody");
        String name = method + " " + path;

        if (api) {
            for (String bad : List.of("", "Bearer garbage", "Bearer " + unsignedToken(), "Basic dXNlcjpwYXNz")) {
                String header = bad.isEmpty() ? "" : "Authorization: " + bad + "\r\n";
                probes.add(probe("token", name + " with [" + bad + "]", method, valid, header, body ? "{}" : null));
            }
        }
        if (path.contains("{")) {
            for (String id : List.of(
                    "0x10", "+7", "007", "%2007", "%00", "a;b", "%2F", "..", "é", "9223372036854775808", "-1", "")) {
                String target = path.replace("{userId}", id).replace("{id}", id);
                probes.add(probe("path id", name + " with id [" + id + "]", method, target, auth, body ? "{}" : null));
            }
        }
        if (operation.has("parameters")) {
            for (String query : List.of(
                    "limit=0x10",
                    "limit=",
                    "limit=-1",
                    "limit=1e3",
                    "limit=99999999999999999999",
                    "limit=%00",
                    "limit=5&limit=6",
                    "before=yesterday",
                    "scope=",
                    "scope=%FF")) {
                if (hasQueryParameter(operation, query.substring(0, query.indexOf('=')))) {
                    probes.add(probe("query", name + "?" + query, method, valid + "?" + query, auth, null));
                }
            }
        }
        if (body) {
            for (Map.Entry<String, byte[]> bad : malformedBodies().entrySet()) {
                String type = bad.getKey().startsWith("type ")
                        ? bad.getKey().substring("type ".length())
                        : "application/json";
                probes.add(new Probe(
                        "body",
                        name + " with " + bad.getKey(),
                        head(
                                method,
                                valid,
                                auth + "Content-Type: " + type + "\r\nContent-Length: "
                                        + bad.getValue().length + "\r\nIdempotency-Key: sweep-"
                                        + bad.getKey().hashCode()
                                        + "\r\n"),
                        bad.getValue()));
            }
        }
        probes.add(probe(
                "headers",
                name + " with a 10 KB header",
                method,
                valid,
                auth + "X-Big: " + "h".repeat(10_000) + "\r\n",
                null));
        if (operation.toString().contains("Idempotency-Key")) {
            for (String key : List.of("a key", "k".repeat(65), "€")) {
                probes.add(new Probe(
                        "headers",
                        name + " with Idempotency-Key [" + key + "]",
                        head(
                                method,
                                valid,
                                auth + "Idempotency-Key: " + key + "\r\nContent-Type: application/json\r\n"
                                        + "Content-Length: 2\r\n"),
                        "{}".getBytes(StandardCharsets.UTF_8)));
            }
        }
        probes.add(probe("target", name + " with a 10 KB path", method, valid + "/" + "p".repeat(10_000), auth, null));
        for (String other : List.of("TRACE", "FOO")) {
            probes.add(probe("method", other + " " + path, other, valid, auth, null));
        }
        return probes;
    }

    /** Bodies keyed by what they are; a key {@code type X} is a well-formed body sent as content type X. */
    private static Map<String, byte[]> malformedBodies() {
        Map<String, byte[]> bodies = new TreeMap<>();
        bodies.put("a duplicate amount", utf8("{\"amount\":100,\"amount\":200}"));
        bodies.put("a duplicate points", utf8("{\"points\":100,\"points\":200}"));
        bodies.put("a duplicate userId", utf8("{\"userId\":7,\"userId\":8,\"admin\":false,\"admin\":true}"));
        bodies.put("invalid UTF-8", concat(utf8("{\"name\":\""), new byte[] {(byte) 0xC0, (byte) 0xAF}, utf8("\"}")));
        bodies.put("a byte-order mark", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8("{}")));
        bodies.put("a NUL in text", utf8("{\"name\":\"a\\u0000b\",\"amount\":100}"));
        bodies.put("a lone surrogate", utf8("{\"name\":\"\\ud800\",\"amount\":100}"));
        bodies.put("10,000 nested arrays", utf8("[".repeat(10_000) + "]".repeat(10_000)));
        bodies.put("a 1 MB string", utf8("{\"name\":\"" + "x".repeat(1 << 20) + "\"}"));
        bodies.put("no JSON at all", utf8("amount=100"));
        bodies.put("an empty body", new byte[0]);
        bodies.put("a string for a number", utf8("{\"amount\":\"100\",\"points\":\"100\",\"count\":\"3\"}"));
        bodies.put("an array", utf8("[]"));
        bodies.put("null", utf8("null"));
        bodies.put("type text/plain", utf8("{\"amount\":100}"));
        bodies.put("type application/merge-patch+json", utf8("{\"amount\":100}"));
        bodies.put("type application/json; charset=utf-16", utf8("{\"amount\":100}"));
        return bodies;
    }

    private Probe probe(String category, String what, String method, String target, String headers, String body) {
        byte[] bytes = body == null ? new byte[0] : utf8(body);
        String bodyHeaders =
                body == null ? "" : "Content-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n";
        return new Probe(category, what, head(method, target, headers + bodyHeaders), bytes);
    }

    /** The request line and headers; the target as UTF-8 bytes, raw (an {@code é} stays two raw bytes). */
    private static byte[] head(String method, String target, String headers) {
        return concat(utf8(method + " " + target + " HTTP/1.1\r\n"), headers.getBytes(StandardCharsets.UTF_8));
    }

    private static boolean hasQueryParameter(JsonNode operation, String name) {
        String parameters = operation.path("parameters").toString();
        return parameters.contains("\"name\":\"" + name + "\"")
                || (name.equals("limit") && parameters.contains("#/components/parameters/limit"));
    }

    /** A token with {@code alg: none}: well-formed, unsigned. */
    private static String unsignedToken() {
        java.util.Base64.Encoder base64 = java.util.Base64.getUrlEncoder().withoutPadding();
        return base64.encodeToString(utf8("{\"alg\":\"none\"}")) + "."
                + base64.encodeToString(utf8("{\"sub\":\"1\",\"roles\":[\"admin\"],\"exp\":4102444800}")) + ".";
    }

    private List<String> heldChecks() {
        return AuditChecks.checks(api().audit()).stream()
                .filter(check -> Boolean.TRUE.equals(check.get("ok")))
                .map(check -> String.valueOf(check.get("name")))
                .collect(Collectors.toList());
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
