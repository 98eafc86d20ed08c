package io.hongbao.platform.idempotency;

import static io.hongbao.platform.db.ShardedTables.Table.byKey;

import io.hongbao.platform.db.ShardKey;
import io.hongbao.platform.db.ShardedTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A recorded answer lives on the database shard of the user whose rows the work changes ({@code shard_user_id}: the
 * caller, or the account's user for an admin's deposit or grant), so that recording it commits in the same local
 * transaction as the work it answers for (ADR 0004, ADR 0089). Keys still belong to the caller ({@code user_id}).
 */
@Configuration(proxyBeanMethods = false)
class IdempotencyPolicies {

    @Bean
    ShardedTables idempotencyTables() {
        return ShardedTables.of(byKey("idempotency_records", "shard_user_id", ShardKey.USER, true));
    }
}
