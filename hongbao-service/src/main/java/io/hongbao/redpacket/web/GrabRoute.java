package io.hongbao.redpacket.web;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.security.Caller;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
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
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "hongbao.redpacket.grab-route.functional", matchIfMissing = true)
class GrabRoute {

    @Bean
    RouterFunction<ServerResponse> grabRouteFunction(GrabbingRedPacket grabbing) {
        return RouterFunctions.route(
                RequestPredicates.POST("/api/v1/packets/{id}/grab"), request -> grab(grabbing, request));
    }

    private static Mono<ServerResponse> grab(GrabbingRedPacket grabbing, ServerRequest request) {
        PacketId packet = RedPacketController.packetId(request.pathVariable("id"));
        return caller().flatMap(caller -> Mono.fromCompletionStage(grabbing.grab(packet, UserId.of(caller.userId()))))
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
