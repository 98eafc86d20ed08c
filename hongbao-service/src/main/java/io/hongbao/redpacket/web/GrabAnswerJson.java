package io.hongbao.redpacket.web;

import java.nio.charset.StandardCharsets;

/**
 * The grab answer's JSON, written by hand: {@code {"outcome":"GRABBED","amount":1234}}, the amount left out when there
 * is none. The byte-for-byte same text Jackson writes for {@link GrabAnswer} (a test holds them equal),
 * without a serializer lookup per answer. Outcomes are fixed upper-case words, so nothing needs escaping.
 */
final class GrabAnswerJson {

    private GrabAnswerJson() {}

    static byte[] bytes(GrabAnswer answer) {
        String json = answer.amount() == null
                ? "{\"outcome\":\"" + answer.outcome() + "\"}"
                : "{\"outcome\":\"" + answer.outcome() + "\",\"amount\":" + answer.amount() + "}";
        return json.getBytes(StandardCharsets.US_ASCII);
    }
}
