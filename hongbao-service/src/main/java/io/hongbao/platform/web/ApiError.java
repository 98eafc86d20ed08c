package io.hongbao.platform.web;

/** The body of every non-2xx answer: {@code {"code": "UPPER_SNAKE", "message": "..."}}. */
public record ApiError(String code, String message) {}
