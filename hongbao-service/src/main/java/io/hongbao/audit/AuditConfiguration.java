package io.hongbao.audit;

import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.infrastructure.BalancesMatchLedgerCheck;
import io.hongbao.audit.infrastructure.MoneyConservationCheck;
import io.hongbao.platform.db.Snapshots;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Wires the audit: the money checks here, and every {@link AuditCheck} bean other features contribute. */
@Configuration(proxyBeanMethods = false)
class AuditConfiguration {

    @Bean
    @Order(100)
    MoneyConservationCheck moneyConservationCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new MoneyConservationCheck(jdbc, snapshots);
    }

    @Bean
    @Order(110)
    BalancesMatchLedgerCheck balancesMatchLedgerCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new BalancesMatchLedgerCheck(jdbc, snapshots);
    }

    @Bean
    RunningAudit runningAudit(List<AuditCheck> checks) {
        return new RunningAudit(checks);
    }
}
