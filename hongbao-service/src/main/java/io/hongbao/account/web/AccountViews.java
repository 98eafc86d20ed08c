package io.hongbao.account.web;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.LedgerEntry;
import io.hongbao.platform.ids.UserIds;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** The JSON shapes of the Accounts section of docs/api.md. */
final class AccountViews {

    private AccountViews() {}

    @Schema(description = "A user's account")
    record AccountView(
            @Schema(description = "the account's owner", example = "7", minimum = "1", maximum = UserIds.MAX_TEXT)
            long userId,

            @Schema(description = "cents the user can send", example = "50000")
            long balance,

            @Schema(description = "lottery points the user can spend on draws", example = "100")
            long points) {
        static AccountView of(Account account) {
            return new AccountView(
                    account.userId().value(),
                    account.balance().value(),
                    account.points().value());
        }
    }

    @Schema(description = "A page of the ledger, newest first")
    record LedgerView(List<EntryView> entries) {
        static LedgerView of(List<LedgerEntry> entries) {
            return new LedgerView(entries.stream().map(EntryView::of).toList());
        }
    }

    @Schema(description = "One movement of money")
    record EntryView(
            @Schema(description = "the entry's id, for paging with `before`", example = "1234")
            long id,

            @Schema(description = "signed cents: positive into the account, negative out of it", example = "-10000")
            long amount,

            @Schema(
                    description = "why the money moved",
                    allowableValues = {"DEPOSIT", "PACKET_SENT", "PACKET_GRABBED", "PACKET_REFUNDED"},
                    example = "PACKET_SENT")
            String kind,

            @Schema(
                    description = "the packet it is about; null for a deposit",
                    nullable = true,
                    example = "1m854zc7rcp511m5sr0s")
            String packetId,

            @Schema(description = "when", example = "2026-11-22T10:00:00Z")
            Instant at) {
        static EntryView of(LedgerEntry e) {
            return new EntryView(e.id(), e.amount(), e.kind().name(), e.packetId(), e.at());
        }
    }
}
