package io.hongbao.redpacket.web;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.security.Caller;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationPredicate;
import org.springframework.core.io.buffer.DataBuffer;
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
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/v1/packets/{id}/grab} as a functional route (ADR 0050). The grab is the one endpoint that sees a
 * peak, and the annotated controller spends more CPU on handler lookup, argument resolution and content negotiation
 * than on the grab itself; the router function is matched first (order -1) and writes the answer's few bytes
 * directly. {@link RedPacketController#grab} stays: it documents the endpoint in the OpenAPI description, answers
 * other methods on the path exactly as before (405) and serves POST when
 * {@code hongbao.redpacket.grab-route.functional=false} (the baseline this lever is measured against).
 * {@code RedPacketConfiguration} registers the route.
 */
public final class GrabRoute {

    static final String PATH_PREFIX = "/api/v1/packets/";
    static final String PATH_SUFFIX = "/grab";

    private GrabRoute() {}

    public static RouterFunction<ServerResponse> routerFunction(GrabbingRedPacket grabbing, MeterRegistry registry) {
        GrabTimers timers = new GrabTimers(registry);
        return RouterFunctions.route(
                RequestPredicates.POST(PATH_PREFIX + "{id}" + PATH_SUFFIX), request -> grab(grabbing, timers, request));
    }

    /**
     * Leaves the grab route out of {@code http.server.requests}: one observation per grab (a long-task timer, a timer
     * looked up by five tags, context bookkeeping) cost ~5% of a grab's CPU. {@link GrabTimers} times the grabs
     * instead. {@code hongbao.redpacket.grab-route.http-observation=true} keeps the observation (ADR 0051).
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
                .onErrorMap(RedPacketController.GRAB_FAILURES)
                .map(RedPacketController::answer)
                .flatMap(GrabRoute::respond);
    }

    /** The same principal {@code @AuthenticationPrincipal} resolves; the security chain guarantees one on /api/**. */
    private static Mono<Caller> caller() {
        return ReactiveSecurityContextHolder.getContext()
                .map(SecurityContext::getAuthentication)
                .map(Authentication::getPrincipal)
                .cast(Caller.class)
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("no authenticated caller on /api/**")));
    }

    private static Mono<ServerResponse> respond(PacketViews.GrabAnswer answer) {
        byte[] body = GrabAnswerJson.bytes(answer);
        return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).body((message, context) -> {
            DataBuffer buffer = message.bufferFactory().wrap(body);
            return message.writeWith(Mono.just(buffer));
        });
    }
}
