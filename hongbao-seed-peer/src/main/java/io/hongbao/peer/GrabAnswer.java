package io.hongbao.peer;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The contract's grab answer: {@code {"outcome": "GRABBED", "amount": 1234}}, or null when the packet is unknown. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record GrabAnswer(String outcome, Long amount) {

    private static final String[] OUTCOMES = {"GRABBED", "ALREADY_GRABBED", "SOLD_OUT"};

    static GrabAnswer of(long code, Long amount) {
        return code < OUTCOMES.length ? new GrabAnswer(OUTCOMES[(int) code], amount) : null;
    }
}
