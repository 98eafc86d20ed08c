package io.hongbao.platform.idempotency;

import org.springframework.http.HttpStatus;

/** What a money-moving request answers when it succeeds: a status and a body to be written as JSON. */
public record Answer(HttpStatus status, Object body) {

    public static Answer ok(Object body) {
        return new Answer(HttpStatus.OK, body);
    }

    public static Answer created(Object body) {
        return new Answer(HttpStatus.CREATED, body);
    }
}
