package io.hongbao.audit;

import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.infrastructure.BalancesMatchLedgerCheck;
import io.hongbao.audit.infrastructure.MoneyConservationCheck;
import io.hongbao.audit.model.AuditCheck;
import io.hongbao.platform.db.Snapshots;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Wires the audit: the money checks here, and the order in which every check runs and is reported. The other features
 * contribute their checks as {@link AuditCheck} beans from their own configurations, so the audit knows no feature; it
 * knows their checks by name, in {@link #ORDER}.
 */
@Configuration(proxyBeanMethods = false)
class AuditConfiguration {

    /**
     * Redis against the database first (it lets the persisters drain the streams, so the database checks after it see
     * the grabs already answered), then money, then each feature's own sums. A new check is added here, where its
     * place is seen; start-up fails while a check is missing from this list.
     */
    static final List<String> ORDER = List.of(
            "redis-db-agreement",
            "money-conservation",
            "balances-match-ledger",
            "packet-sums",
            "grabs-recorded-once",
            "persister-dead-letters",
            "lottery-won-placed-stock",
            "lottery-units-won-once",
            "lottery-draws-one-outcome",
            "lottery-points-exact",
            "lottery-pools-match-database");

    @Bean
    MoneyConservationCheck moneyConservationCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new MoneyConservationCheck(jdbc, snapshots);
    }

    @Bean
    BalancesMatchLedgerCheck balancesMatchLedgerCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new BalancesMatchLedgerCheck(jdbc, snapshots);
    }

    @Bean
    RunningAudit runningAudit(List<AuditCheck> checks) {
        return RunningAudit.inOrder(ORDER, checks);
    }
}
