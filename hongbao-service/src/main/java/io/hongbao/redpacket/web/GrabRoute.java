package io.hongbao.redpacket.web;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.acks.ReplicaAckFailed;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.platform.web.UnknownOutcome;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RebuildRefused;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationPredicate;
import java.util.List;
import java.util.function.Function;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.MethodNotAllowedException;
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/v1/packets/{id}/grab} as a functional route (ADR 0050). The grab is the one endpoint that sees a
 * peak, and an annotated handler spends more CPU on handler lookup, argument resolution and content negotiation than
 * on the grab itself; the router function is matched first (order -1) and writes the answer's few bytes directly. It
 * also answers the path's other methods as an annotated mapping would: OPTIONS lists the allowed methods, anything
 * else is 405 {@code METHOD_NOT_ALLOWED}. {@link GrabRouteConfiguration}, beside it, registers the route and carries
 * its OpenAPI description.
 */
public final class GrabRoute {

    static final String PATH_PREFIX = "/api/v1/packets/";
    static final String PATH_SUFFIX = "/grab";
    public static final String PATH = PATH_PREFIX + "{id}" + PATH_SUFFIX;

    /**
     * A grab's store failure: the script may have run (the command timed out, the connection dropped after sending),
     * so the outcome is unknown; a grab is idempotent per user, so a retry is safe and tells.
     */
    static final Function<Throwable, Throwable> GRAB_FAILURES = UnknownOutcome.whenStoreDown(
            "a backing store is unavailable; the grab may have happened: retrying is safe (a retry answers"
                    + " ALREADY_GRABBED with the amount if it did)");

    /**
     * A packet Redis lost whose latest grabs the database has not recorded yet is not rebuilt (the grab's first script
     * call answered NOT_FOUND and granted nothing), so the grab certainly did not happen and a retry is safe.
     */
    static final String REBUILD_REFUSED = "the packet is being restored while the database records its latest grabs;"
            + " nothing was changed: retry in a moment";

    /**
     * The script ran on the primary but no WAIT confirmed that enough replicas have it (ADR 0073): the grab may have
     * happened and is not answered as final, since a failover now could lose it; a grab is idempotent per user, so a
     * retry is safe and tells.
     */
    static final String NOT_REPLICATED = "the grab was not confirmed by a Redis replica in time; it may have been"
            + " recorded: retrying is safe (a retry answers ALREADY_GRABBED with the amount if it was)";

    private static final String ALLOWED = "POST,OPTIONS";

    private GrabRoute() {}

    public static RouterFunction<ServerResponse> routerFunction(GrabbingRedPacket grabbing, MeterRegistry registry) {
        GrabTimers timers = new GrabTimers(registry);
        return RouterFunctions.route(RequestPredicates.POST(PATH), request -> grab(grabbing, timers, request))
                .andRoute(
                        RequestPredicates.OPTIONS(PATH),
                        request -> ServerResponse.ok()
                                .header(HttpHeaders.ALLOW, ALLOWED)
                                .build())
                .andRoute(
                        RequestPredicates.path(PATH),
                        request ->
                                Mono.error(new MethodNotAllowedException(request.method(), List.of(HttpMethod.POST))));
    }

    /**
     * Leaves the grab route out of {@code http.server.requests}: one observation per grab (a long-task timer, a timer
     * looked up by five tags, context bookkeeping) is a cost every grab pays. {@link GrabTimers} times the grabs
     * instead (ADR 0051).
     */
    public static ObservationPredicate withoutHttpObservation() {
        return (name, context) ->
                !(context instanceof ServerRequestObservationContext server && isGrab(server.getCarrier()));
    }

    static boolean isGrab(ServerHttpRequest request) {
        String path = request.getPath().value();
        return request.getMethod() == HttpMethod.POST && path.startsWith(PATH_PREFIX) && path.endsWith(PATH_SUFFIX);
    }

    private static Mono<ServerResponse> grab(GrabbingRedPacket grabbing, GrabTimers timers, ServerRequest request) {
        long start = System.nanoTime();
        PacketId packet = RedPacketController.packetId(request.pathVariable("id"));
        return caller().flatMap(caller -> Mono.fromCompletionStage(grabbing.grab(packet, UserId.of(caller.userId()))))
                .doOnNext(outcome -> timers.record(outcome, start))
                .doOnError(failure -> timers.recordFailure(start))
                .onErrorMap(GrabRoute::rebuildRefused)
                .onErrorMap(GrabRoute::notReplicated)
                .onErrorMap(GRAB_FAILURES)
                .map(GrabRoute::answer)
                .flatMap(GrabRoute::respond);
    }

    /** The refusals travel as the contract's errors; the other outcomes are the answer's body. */
    private static GrabAnswer answer(GrabOutcome outcome) {
        if (outcome instanceof GrabOutcome.NotFound) {
            throw ApiException.notFound("no such packet");
        }
        if (outcome instanceof GrabOutcome.NotAMember) {
            throw new ApiException(ErrorCode.NOT_A_MEMBER, "only the group's members may grab this packet");
        }
        return GrabAnswer.of(outcome);
    }

    private static Throwable rebuildRefused(Throwable failure) {
        return RebuildRefused.behind(failure) ? new ApiException(ErrorCode.UNAVAILABLE, REBUILD_REFUSED) : failure;
    }

    private static Throwable notReplicated(Throwable failure) {
        return ReplicaAckFailed.behind(failure) ? new ApiException(ErrorCode.UNAVAILABLE, NOT_REPLICATED) : failure;
    }

    /** The same principal {@code @AuthenticationPrincipal} resolves; the security chain guarantees one on /api/**. */
    private static Mono<Caller> caller() {
        return ReactiveSecurityContextHolder.getContext()
                .map(SecurityContext::getAuthentication)
                .map(Authentication::getPrincipal)
                .cast(Caller.class)
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("no authenticated caller on /api/**")));
    }

    private static Mono<ServerResponse> respond(GrabAnswer answer) {
        byte[] body = GrabAnswerJson.bytes(answer);
        return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).body((message, context) -> {
            DataBuffer buffer = message.bufferFactory().wrap(body);
            return message.writeWith(Mono.just(buffer));
        });
    }
}
