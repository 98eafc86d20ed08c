package io.hongbao.redpacket.web;

import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationPredicate;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.springdoc.core.annotations.RouterOperation;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The functional grab route as a bean, with its OpenAPI description: a functional route has no handler method to
 * annotate, so springdoc reads the description from the bean method that declares the route. Both beans exist only
 * where the service serves HTTP.
 */
@Configuration(proxyBeanMethods = false)
class GrabRouteConfiguration {

    /**
     * {@code POST /api/v1/packets/{id}/grab}, matched before the annotated controllers (see {@link GrabRoute}). The errors
     * every {@code /api/**} operation shares (401, 503) are added by the document's customizer.
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @RouterOperation(
            path = GrabRoute.PATH,
            method = RequestMethod.POST,
            produces = MediaType.APPLICATION_JSON_VALUE,
            operation =
                    @Operation(
                            operationId = "grab",
                            summary = "Grab a share of a red packet",
                            description = "Each share goes to exactly one user and nobody grabs twice; the sender may"
                                    + " grab too. Repeating the grab answers ALREADY_GRABBED with the same amount. The"
                                    + " amount reaches the grabber's balance asynchronously.",
                            tags = "Red packets",
                            parameters =
                                    @Parameter(
                                            name = "id",
                                            in = ParameterIn.PATH,
                                            required = true,
                                            description = "the packet's id",
                                            schema = @Schema(type = "string")),
                            responses = {
                                @ApiResponse(
                                        responseCode = "200",
                                        description = "the grab's outcome",
                                        content =
                                                @Content(
                                                        mediaType = MediaType.APPLICATION_JSON_VALUE,
                                                        schema = @Schema(implementation = GrabAnswer.class))),
                                @ApiResponse(
                                        responseCode = "403",
                                        description = "NOT_A_MEMBER: only the group's members may grab this packet"),
                                @ApiResponse(
                                        responseCode = "503",
                                        description = "UNAVAILABLE: a backing store failed, or no Redis replica"
                                                + " confirmed the grab in time; the grab may have"
                                                + " happened, and retrying is safe (a retry answers ALREADY_GRABBED"
                                                + " with the amount if it did). Or the grab was refused before"
                                                + " anything changed (Redis short of memory, the database too"
                                                + " far behind, too many grabs waiting, or a packet whose Redis"
                                                + " state was lost waits for the database to record its latest"
                                                + " grabs): nothing was changed, retry later. The message tells"
                                                + " which."),
                                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such packet")
                            }))
    RouterFunction<ServerResponse> grabRoute(GrabbingRedPacket grabbing, MeterRegistry registry) {
        return GrabRoute.routerFunction(grabbing, registry);
    }

    /** Leaves the grab out of {@code http.server.requests}; {@link GrabRoute} times it itself (ADR 0051). */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    ObservationPredicate grabRouteWithoutHttpObservation() {
        return GrabRoute.withoutHttpObservation();
    }
}
