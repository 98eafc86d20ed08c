package io.hongbao.platform.idempotency;

import java.util.function.Function;
import org.springframework.http.HttpStatus;

/**
 * How a request's answer is kept for its repeats: the status recorded with it, the JSON its body is kept as, and how a
 * repeat reads the answer back from that JSON. Most answers are kept as they are; one that is not the HTTP body
 * itself (a draw keeps only its id) gives the conversions.
 */
public final class AnswerCodec<A> {

    private final HttpStatus status;
    private final Class<?> jsonType;
    private final Function<A, ?> toJson;
    private final Function<Object, A> fromJson;

    private <J> AnswerCodec(HttpStatus status, Class<J> jsonType, Function<A, J> toJson, Function<J, A> fromJson) {
        this.status = status;
        this.jsonType = jsonType;
        this.toJson = toJson;
        this.fromJson = json -> fromJson.apply(jsonType.cast(json));
    }

    /** An answer kept as the JSON of itself. */
    public static <A> AnswerCodec<A> of(HttpStatus status, Class<A> type) {
        return new AnswerCodec<>(status, type, Function.identity(), Function.identity());
    }

    /** An answer kept as another JSON shape. */
    public static <A, J> AnswerCodec<A> of(
            HttpStatus status, Class<J> jsonType, Function<A, J> toJson, Function<J, A> fromJson) {
        return new AnswerCodec<>(status, jsonType, toJson, fromJson);
    }

    HttpStatus status() {
        return status;
    }

    Object toJson(A answer) {
        return toJson.apply(answer);
    }

    Class<?> jsonType() {
        return jsonType;
    }

    A fromJson(Object json) {
        return fromJson.apply(json);
    }
}
