package io.hongbao.bench.http.measure;

import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.Workload;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * Reactor Netty client with a fixed pool of keep-alive HTTP/1.1 connections: as many as there are loops sending, so
 * each loop in effect owns one connection.
 */
public final class GrabClient implements AutoCloseable {

    private final ConnectionProvider pool;
    private final LoopResources loops;
    private final HttpClient client;
    private final Classifier classifier;

    /** How an answer's status and body become an {@link Outcome}: {@link Outcome#of} for grabs. */
    @FunctionalInterface
    public interface Classifier {
        Outcome classify(int status, String body);
    }

    public GrabClient(String baseUrl, LoadSettings settings) {
        this(baseUrl, settings, Outcome::of);
    }

    /** @param classifier {@link Outcome#ofDraw} for the draw phase, which posts to a wheel's draw path the same way */
    public GrabClient(String baseUrl, LoadSettings settings, Classifier classifier) {
        this.classifier = classifier;
        this.pool = ConnectionProvider.builder("bench")
                .maxConnections(settings.connections())
                .pendingAcquireMaxCount(-1)
                .pendingAcquireTimeout(settings.timeout().plusSeconds(5))
                .build();
        this.loops = LoopResources.create("bench-io", settings.clientThreads(), true);
        this.client = HttpClient.create(pool)
                .runOn(loops)
                .baseUrl(baseUrl)
                .keepAlive(true)
                .responseTimeout(settings.timeout());
    }

    /** One grab; always emits exactly one {@link Answer}, failures included. */
    Mono<Answer> grab(Workload.Grab grab) {
        return client.post()
                .uri(grab.path())
                .send((request, out) -> {
                    request.header(HttpHeaderNames.AUTHORIZATION, grab.bearer());
                    if (grab.idempotencyKey() != null) {
                        request.header("Idempotency-Key", grab.idempotencyKey());
                    }
                    request.header(HttpHeaderNames.CONTENT_LENGTH, "0");
                    return Mono.empty();
                })
                .responseSingle((response, body) -> body.asString()
                        .defaultIfEmpty("")
                        .map(text -> new Answer(
                                response.status().code(),
                                classifier.classify(response.status().code(), text))))
                .onErrorResume(failure -> Mono.just(new Answer(0, failureOutcome(failure))));
    }

    static Outcome failureOutcome(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getClass().getSimpleName().contains("Timeout")) {
                return Outcome.TIMEOUT;
            }
        }
        return Outcome.IO_ERROR;
    }

    @Override
    public void close() {
        pool.disposeLater().block(Duration.ofSeconds(10));
        loops.disposeLater().block(Duration.ofSeconds(10));
    }

    record Answer(int status, Outcome outcome) {}
}
