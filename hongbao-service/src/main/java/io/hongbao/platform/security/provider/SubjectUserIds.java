package io.hongbao.platform.security.provider;

import reactor.core.publisher.Mono;

/** The user id the service gave a provider's subject, given at its first call (ADR 0097). */
interface SubjectUserIds {

    /** The subject's user id, the same for every call of every instance from its first on. */
    Mono<Long> userIdOf(String subject);
}
