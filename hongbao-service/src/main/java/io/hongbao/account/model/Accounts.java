package io.hongbao.account.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The accounts and their ledger, as stored in the system of record. */
public interface Accounts {

    /** Credits a deposit from outside the system, creating the account if missing; records both ledger legs. */
    Account deposit(UserId userId, Cents amount, String transferRef, Instant at);

    /** Adds points, creating the account if missing. */
    Account grantPoints(UserId userId, Points points, String transferRef, Instant at);

    Optional<Account> find(UserId userId);

    /** Newest first, only entries older than {@code beforeId} when given. */
    List<LedgerEntry> ledger(UserId userId, int limit, Long beforeId);
}
