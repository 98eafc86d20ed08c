package io.hongbao.bench.annotated;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.web.GrabAnswer;
import org.springframework.context.annotation.Profile;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/v1/packets/{id}/grab} the annotated way: handler lookup among every mapping, argument resolution
 * ({@code @AuthenticationPrincipal}, {@code @PathVariable}), content negotiation and a Jackson serializer call. The
 * same use case, refusals and JSON as the service's route; without its timers, which the route adds.
 */
@RestController
@Profile(AnnotatedControllerService.PROFILE)
class AnnotatedGrabController {

    private final GrabbingRedPacket grabbing;

    AnnotatedGrabController(GrabbingRedPacket grabbing) {
        this.grabbing = grabbing;
    }

    @PostMapping("/api/v1/packets/{id}/grab")
    Mono<GrabAnswer> grab(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        if (!OpaqueIds.isWellFormed(id)) {
            throw ApiException.notFound("no such packet");
        }
        return Mono.fromCompletionStage(grabbing.grab(new PacketId(id), UserId.of(caller.userId())))
                .map(AnnotatedGrabController::answer);
    }

    /** The refusals travel as the contract's errors; the other outcomes are the service's own answer body. */
    private static GrabAnswer answer(GrabOutcome outcome) {
        if (outcome instanceof GrabOutcome.NotAMember) {
            throw new ApiException(ErrorCode.NOT_A_MEMBER, "only the group's members may grab this packet");
        }
        if (outcome instanceof GrabOutcome.NotFound) {
            throw ApiException.notFound("no such packet");
        }
        return GrabAnswer.of(outcome);
    }
}
