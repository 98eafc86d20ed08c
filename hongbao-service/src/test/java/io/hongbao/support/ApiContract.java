package io.hongbao.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ClientHttpRequestDecorator;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the integration tests exchange with the service, checked against the service's own OpenAPI document
 * ({@code /v3/api-docs}) with Atlassian's swagger-request-validator, so the document stays what clients can trust:
 *
 * <ul>
 *   <li>every answer on {@code /api/**} or on another documented path: its status is one the operation declares, its
 *       content type and body match the declared schema, and the body has no property the schema does not list (the
 *       validator treats every object schema as {@code additionalProperties: false});
 *   <li>every request the service accepted (a 2xx answer) matches the document too: a document stricter than the
 *       service misleads clients as much as a looser one. Refused requests are often malformed on purpose, so they
 *       are not checked.
 * </ul>
 *
 * A 404 for a path the document does not have, and a 405 for a method it does not list on a path, are how the service
 * answers requests outside the document, and pass. So does {@code OPTIONS}: HTTP's own question about a resource
 * ({@code Allow}), which the document does not describe.
 */
public final class ApiContract {

    private static final AtomicLong CHECKED = new AtomicLong();
    private static final Set<String> OUTSIDE_THE_DOCUMENT = Set.of("path.missing", "operation.notAllowed");
    private static ApiContract ofTheService;

    private final OpenApiInteractionValidator validator;
    private final Set<String> documentedPaths;

    public ApiContract(String document) {
        this.validator = OpenApiInteractionValidator.createForInlineApiSpecification(document)
                .build();
        this.documentedPaths = Set.copyOf(
                JsonMapper.builder().build().readTree(document).path("paths").propertyNames());
    }

    /** The service's document, read once through {@code unchecked} (on the test's thread: it blocks). */
    public static synchronized ApiContract ofTheService(WebTestClient unchecked) {
        if (ofTheService == null) {
            // The first call builds springdoc's document: seconds on a quiet machine, far more on a loaded one, where
            // the client's default 5 s (or a 30 s block) cut it off and failed whichever test class came first.
            byte[] document = unchecked
                    .mutate()
                    .responseTimeout(Duration.ofMinutes(2))
                    .build()
                    .get()
                    .uri("/v3/api-docs")
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody()
                    .returnResult()
                    .getResponseBody();
            ofTheService = new ApiContract(new String(document, StandardCharsets.UTF_8));
        }
        return ofTheService;
    }

    /** How many answers were checked so far, by every instance: a test that the check is wired in. */
    public static long checkedAnswers() {
        return CHECKED.get();
    }

    /** A client filter that checks every exchange on a path this contract covers, failing the call on a mismatch. */
    public ExchangeFilterFunction filter() {
        return (request, next) -> {
            if (!covers(request.url().getRawPath())) {
                return next.exchange(request);
            }
            ByteArrayOutputStream sent = new ByteArrayOutputStream();
            ClientRequest recording = ClientRequest.from(request)
                    .body((message, context) -> request.body()
                            .insert(
                                    new ClientHttpRequestDecorator(message) {
                                        @Override
                                        public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
                                            return super.writeWith(
                                                    Flux.from(body).doOnNext(buffer -> copy(buffer, sent)));
                                        }
                                    },
                                    context))
                    .build();
            return next.exchange(recording)
                    .flatMap(response -> response.bodyToMono(byte[].class)
                            .defaultIfEmpty(new byte[0])
                            .map(received -> {
                                check(new Exchange(
                                        request.method().name(),
                                        request.url(),
                                        request.headers(),
                                        sent.toByteArray(),
                                        response.statusCode().value(),
                                        response.headers().asHttpHeaders(),
                                        received));
                                return response.mutate()
                                        .body(Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(received)))
                                        .build();
                            }));
        };
    }

    boolean covers(String path) {
        return path.startsWith("/api/") || documentedPaths.contains(path);
    }

    /** Throws an {@link AssertionError} naming every way the exchange departs from the document. */
    public void check(Exchange exchange) {
        if ("OPTIONS".equals(exchange.method())) {
            return;
        }
        CHECKED.incrementAndGet();
        List<String> problems = new ArrayList<>();
        SimpleResponse.Builder response = SimpleResponse.Builder.status(exchange.status());
        exchange.responseHeaders().forEach(response::withHeader);
        if (exchange.responseBody().length > 0) {
            response.withBody(exchange.responseBody());
        }
        Request.Method method = Request.Method.valueOf(exchange.method());
        String path = exchange.url().getRawPath();
        for (ValidationReport.Message message :
                validator.validateResponse(path, method, response.build()).getMessages()) {
            if (isOutsideTheDocument(message) && (exchange.status() == 404 || exchange.status() == 405)) {
                continue;
            }
            if (message.getLevel() == ValidationReport.Level.ERROR) {
                problems.add("answer: " + describe(message));
            }
        }
        if (exchange.status() / 100 == 2) {
            for (ValidationReport.Message message :
                    validator.validateRequest(request(exchange)).getMessages()) {
                if (message.getLevel() == ValidationReport.Level.ERROR) {
                    problems.add("accepted request: " + describe(message));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(exchange.method() + " " + path + " -> " + exchange.status()
                    + " does not match the OpenAPI document (/v3/api-docs):\n  " + String.join("\n  ", problems)
                    + "\n  body: " + new String(exchange.responseBody(), StandardCharsets.UTF_8));
        }
    }

    private static SimpleRequest request(Exchange exchange) {
        SimpleRequest.Builder request =
                new SimpleRequest.Builder(exchange.method(), exchange.url().getRawPath());
        exchange.requestHeaders().forEach(request::withHeader);
        MultiValueMap<String, String> query =
                UriComponentsBuilder.fromUri(exchange.url()).build(true).getQueryParams();
        query.forEach((name, values) -> request.withQueryParam(
                decode(name), values.stream().map(ApiContract::decode).toList()));
        if (exchange.requestBody().length > 0) {
            request.withBody(exchange.requestBody());
        }
        return request.build();
    }

    private static boolean isOutsideTheDocument(ValidationReport.Message message) {
        return OUTSIDE_THE_DOCUMENT.stream().anyMatch(key -> message.getKey().endsWith(key));
    }

    private static String describe(ValidationReport.Message message) {
        return message.getKey() + ": " + message.getMessage();
    }

    private static String decode(String value) {
        return value == null ? "" : URLDecoder.decode(value, StandardCharsets.UTF_8);
    }

    private static void copy(DataBuffer buffer, ByteArrayOutputStream into) {
        try (DataBuffer.ByteBufferIterator views = buffer.readableByteBuffers()) {
            while (views.hasNext()) {
                ByteBuffer view = views.next();
                byte[] bytes = new byte[view.remaining()];
                view.get(bytes);
                synchronized (into) {
                    into.write(bytes, 0, bytes.length);
                }
            }
        }
    }

    /** One request and its answer, as the wire carried them. */
    public record Exchange(
            String method,
            URI url,
            HttpHeaders requestHeaders,
            byte[] requestBody,
            int status,
            HttpHeaders responseHeaders,
            byte[] responseBody) {}
}
