package io.hongbao.redpacket.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hongbao.redpacket.model.GrabOutcome;
import io.swagger.v3.oas.annotations.media.Schema;

/** {@code {"outcome": ..., "amount": ...}}; no amount for SOLD_OUT and EXPIRED. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(
        description = "What a grab got: an amount with GRABBED and ALREADY_GRABBED, none otherwise",
        requiredProperties = {"outcome"})
public record GrabAnswer(
        @Schema(
                description = "`ALREADY_GRABBED`: this user grabbed the packet before (the amount is what"
                        + " they got then)",
                allowableValues = {"GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED"},
                example = "GRABBED")
        String outcome,

        @Schema(description = "cents grabbed", format = "int64", example = "1234")
        Long amount) {
    public static GrabAnswer of(GrabOutcome outcome) {
        if (outcome instanceof GrabOutcome.Grabbed g) {
            return new GrabAnswer("GRABBED", g.amount());
        }
        if (outcome instanceof GrabOutcome.AlreadyGrabbed a) {
            return new GrabAnswer("ALREADY_GRABBED", a.amount());
        }
        if (outcome instanceof GrabOutcome.SoldOut) {
            return new GrabAnswer("SOLD_OUT", null);
        }
        if (outcome instanceof GrabOutcome.Expired) {
            return new GrabAnswer("EXPIRED", null);
        }
        throw new IllegalArgumentException("not an answer with a body: " + outcome);
    }
}
