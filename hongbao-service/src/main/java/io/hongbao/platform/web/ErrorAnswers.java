package io.hongbao.platform.web;

import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The error body in the OpenAPI document: its schema, and the body of one error answer with examples. */
final class ErrorAnswers {

    /** Not "Error": generated clients would clash with their language's own (TypeScript's Error, java.lang.Error). */
    static final String SCHEMA = "ErrorBody";

    private ErrorAnswers() {}

    /** {@code {"code", "message"}}, the code one of {@link ErrorCode}'s. */
    static Schema<?> schema() {
        StringSchema code = new StringSchema();
        code.setDescription("what went wrong, one of the contract's codes");
        for (ErrorCode c : ErrorCode.values()) {
            code.addEnumItem(c.name());
        }
        code.setExample(ErrorCode.VALIDATION_FAILED.name());
        return new ObjectSchema()
                .description("The body of every non-2xx answer; a refused call changes nothing.")
                .addProperty("code", code)
                .addProperty(
                        "message",
                        new StringSchema()
                                .description("for people: enough to fix the request")
                                .example(typicalMessage(ErrorCode.VALIDATION_FAILED)))
                .required(List.of("code", "message"));
    }

    /**
     * The error body of an answer with this status, with an example for each code the description names ("NOT_FOUND:
     * no such packet"), or for each code of the status when it names none.
     */
    static MediaType body(String status, String description) {
        int code = Integer.parseInt(status);
        List<ErrorCode> ofStatus = Arrays.stream(ErrorCode.values())
                .filter(c -> c.status().value() == code)
                .toList();
        List<ErrorCode> named = ofStatus.stream()
                .filter(c -> description != null && description.contains(c.name()))
                .toList();
        List<ErrorCode> codes = named.isEmpty() ? ofStatus : named;
        MediaType media = new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + SCHEMA));
        if (codes.size() == 1) {
            ErrorCode only = codes.get(0);
            String prefix = only.name() + ": ";
            String message = description != null && description.startsWith(prefix)
                    ? description.substring(prefix.length())
                    : typicalMessage(only);
            media.setExample(example(only, message));
        } else {
            for (ErrorCode c : codes) {
                media.addExamples(c.name(), new Example().value(example(c, typicalMessage(c))));
            }
        }
        return media;
    }

    private static Map<String, String> example(ErrorCode code, String message) {
        Map<String, String> example = new LinkedHashMap<>();
        example.put("code", code.name());
        example.put("message", message);
        return example;
    }

    private static String typicalMessage(ErrorCode code) {
        switch (code) {
            case VALIDATION_FAILED:
                return "count must be 1..1000";
            case UNAUTHENTICATED:
                return "a valid bearer token is required";
            case FORBIDDEN:
                return "this needs the admin role";
            case NOT_A_MEMBER:
                return "only the group's members may grab this packet";
            case NOT_FOUND:
                return "no such packet";
            case METHOD_NOT_ALLOWED:
                return "Request method 'GET' is not supported.";
            case UNSUPPORTED_MEDIA_TYPE:
                return "send application/json in UTF-8";
            case INSUFFICIENT_FUNDS:
                return "the balance is below the packet's total";
            case INSUFFICIENT_POINTS:
                return "a draw costs 10 points";
            case IDEMPOTENCY_KEY_REUSED:
                return "this Idempotency-Key was used for a different request";
            case RATE_LIMITED:
                return "too many requests";
            case UNAVAILABLE:
                return ApiExceptionHandler.STORE_DOWN;
            default:
                return "internal error";
        }
    }
}
