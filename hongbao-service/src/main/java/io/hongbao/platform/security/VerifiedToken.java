package io.hongbao.platform.security;

import java.time.Instant;

/** What a token that passed verification says: who calls, and until when the token is good. */
public record VerifiedToken(Caller caller, Instant expiresAt) {}
