package io.hongbao.account.web;

import io.hongbao.account.application.DepositingMoney;
import io.hongbao.account.application.GrantingPoints;
import io.hongbao.account.application.ReadingAccount;
import io.hongbao.account.model.UserId;
import io.hongbao.account.web.AccountRequests.DepositRequest;
import io.hongbao.account.web.AccountRequests.PointsRequest;
import io.hongbao.account.web.AccountViews.AccountView;
import io.hongbao.account.web.AccountViews.LedgerView;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.idempotency.AnswerCodec;
import io.hongbao.platform.idempotency.IdempotencyKey;
import io.hongbao.platform.idempotency.IdempotentRequests;
import io.hongbao.platform.ids.UserIds;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.Paging;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** docs/api.md, Accounts: admin deposits and points grants; a user's own account and ledger. */
@RestController
@Tag(name = "Accounts", description = "Deposits and points (admin); a user's own balance and ledger")
class AccountController {

    private static final AnswerCodec<AccountView> ACCOUNT = AnswerCodec.of(HttpStatus.OK, AccountView.class);

    private final DepositingMoney depositing;
    private final GrantingPoints granting;
    private final ReadingAccount reading;
    private final IdempotentRequests idempotent;
    private final Blocking blocking;

    AccountController(
            DepositingMoney depositing,
            GrantingPoints granting,
            ReadingAccount reading,
            IdempotentRequests idempotent,
            Blocking blocking) {
        this.depositing = depositing;
        this.granting = granting;
        this.reading = reading;
        this.idempotent = idempotent;
        this.blocking = blocking;
    }

    @Operation(
            operationId = "deposit",
            summary = "Deposit money into a user's account (admin)",
            description = "Adds `amount` cents to the user's balance, creating the account if it does not exist.",
            responses =
                    @ApiResponse(
                            responseCode = "200",
                            description = "the account after the deposit",
                            content = @Content(schema = @Schema(implementation = AccountView.class))))
    @PostMapping("/api/v1/admin/accounts/{userId}/deposits")
    Mono<ResponseEntity<AccountView>> deposit(
            @AuthenticationPrincipal Caller caller,
            @Parameter(
                            description = "whose account",
                            example = "7",
                            schema =
                                    @Schema(
                                            type = "integer",
                                            format = "int64",
                                            minimum = "1",
                                            maximum = UserIds.MAX_TEXT))
                    @PathVariable
                    long userId,
            @RequestHeader(name = IdempotencyKey.HEADER, required = false) String key,
            @RequestBody DepositRequest body) {
        UserId user = pathUser(userId);
        var amount = body.toCents();
        // The key is the admin's, the record goes with the deposit onto the account's database shard (ADR 0089).
        return idempotent
                .runFor(
                        caller.userId(),
                        userId,
                        IdempotencyKey.fromHeader(key),
                        "POST deposits " + userId,
                        body,
                        ACCOUNT,
                        () -> AccountView.of(depositing.deposit(user, amount)))
                .map(ResponseEntity::ok);
    }

    @Operation(
            operationId = "grantPoints",
            summary = "Give a user lottery points (admin)",
            description = "Adds `points` to the user's points, creating the account if it does not exist.",
            responses =
                    @ApiResponse(
                            responseCode = "200",
                            description = "the account after the grant",
                            content = @Content(schema = @Schema(implementation = AccountView.class))))
    @PostMapping("/api/v1/admin/accounts/{userId}/points")
    Mono<ResponseEntity<AccountView>> grantPoints(
            @AuthenticationPrincipal Caller caller,
            @Parameter(
                            description = "whose account",
                            example = "7",
                            schema =
                                    @Schema(
                                            type = "integer",
                                            format = "int64",
                                            minimum = "1",
                                            maximum = UserIds.MAX_TEXT))
                    @PathVariable
                    long userId,
            @RequestHeader(name = IdempotencyKey.HEADER, required = false) String key,
            @RequestBody PointsRequest body) {
        UserId user = pathUser(userId);
        var points = body.toPoints();
        // As for deposits: the record on the account's database shard, with the grant.
        return idempotent
                .runFor(
                        caller.userId(),
                        userId,
                        IdempotencyKey.fromHeader(key),
                        "POST points " + userId,
                        body,
                        ACCOUNT,
                        () -> AccountView.of(granting.grant(user, points)))
                .map(ResponseEntity::ok);
    }

    @Operation(
            operationId = "myAccount",
            summary = "The caller's balance and points",
            description = "An account nobody deposited into yet has a zero balance and no points.")
    @GetMapping("/api/v1/me/account")
    Mono<AccountView> myAccount(@AuthenticationPrincipal Caller caller) {
        return blocking.call(() -> AccountView.of(reading.account(UserId.of(caller.userId()))));
    }

    @Operation(
            operationId = "myLedger",
            summary = "The caller's ledger, newest first",
            description =
                    "Every movement of the caller's money, signed. Grabs reach the ledger asynchronously, normally"
                            + " well under a second after the grab's answer.")
    @GetMapping("/api/v1/me/ledger")
    Mono<LedgerView> myLedger(
            @AuthenticationPrincipal Caller caller,
            @RequestParam(required = false) Integer limit,
            @Parameter(description = "an entry id: only entries older than it (the next page)", example = "1234")
                    @RequestParam(required = false)
                    Long before) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> LedgerView.of(reading.ledger(UserId.of(caller.userId()), pageSize, before)));
    }

    private static UserId pathUser(long userId) {
        if (!UserIds.valid(userId)) {
            throw ApiException.validation("userId: " + UserIds.RULE);
        }
        return UserId.of(userId);
    }
}
