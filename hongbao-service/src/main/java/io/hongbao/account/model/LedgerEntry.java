package io.hongbao.account.model;

import java.time.Instant;

/** One leg of a transfer as a user sees it: a signed amount on their account. */
public record LedgerEntry(long id, long amount, LedgerKind kind, String packetId, Instant at) {}
