package io.hongbao.account.web;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.LedgerEntry;
import java.time.Instant;
import java.util.List;

/** The JSON shapes of the Accounts section of docs/api.md. */
final class AccountViews {

    private AccountViews() {}

    record AccountView(long userId, long balance, long points) {
        static AccountView of(Account account) {
            return new AccountView(
                    account.userId().value(),
                    account.balance().value(),
                    account.points().value());
        }
    }

    record LedgerView(List<EntryView> entries) {
        static LedgerView of(List<LedgerEntry> entries) {
            return new LedgerView(entries.stream().map(EntryView::of).toList());
        }
    }

    record EntryView(long id, long amount, String kind, String packetId, Instant at) {
        static EntryView of(LedgerEntry e) {
            return new EntryView(e.id(), e.amount(), e.kind().name(), e.packetId(), e.at());
        }
    }
}
