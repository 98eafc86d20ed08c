package io.hongbao.account;

import static io.hongbao.platform.db.ShardedTables.Table.byKey;
import static io.hongbao.platform.db.ShardedTables.Table.byLedgerAccount;

import io.hongbao.platform.db.LedgerAccountKinds;
import io.hongbao.platform.db.ShardKey;
import io.hongbao.platform.db.ShardedTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the accounts feature tells the platform about its rows (ADR 0083, 0084): a user's balance and points on the
 * user's database shard, bound with the user's other rows; the ledger by the account each leg belongs to; and the
 * user's own ledger accounts, placed with the user.
 */
@Configuration(proxyBeanMethods = false)
class AccountPolicies {

    /** {@code user:<id>}: the balance; {@code world:<id>}: the other side of the user's deposits (ADR 0083). */
    static final String USER_ACCOUNT = "user:";

    static final String DEPOSIT_SOURCE = "world:";

    /** Money on its way to the user from another database shard (ADR 0084). */
    static final String USER_TRANSIT = "transit:user:";

    @Bean
    ShardedTables accountTables() {
        return ShardedTables.of(
                byKey("accounts", "user_id", ShardKey.USER, true),
                byKey("point_entries", "user_id", ShardKey.USER, true),
                byLedgerAccount("ledger_entries", "account"));
    }

    @Bean
    LedgerAccountKinds usersLedgerAccounts() {
        return LedgerAccountKinds.of(ShardKey.USER, USER_ACCOUNT, DEPOSIT_SOURCE, USER_TRANSIT);
    }
}
