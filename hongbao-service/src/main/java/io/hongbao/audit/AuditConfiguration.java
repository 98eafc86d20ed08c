package io.hongbao.audit;

import io.hongbao.audit.application.AuditScopes;
import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.infrastructure.AuditHealthIndicator;
import io.hongbao.audit.infrastructure.AuditMeters;
import io.hongbao.audit.infrastructure.AuditWorker;
import io.hongbao.audit.infrastructure.BalancesMatchLedgerCheck;
import io.hongbao.audit.infrastructure.MoneyConservationCheck;
import io.hongbao.audit.infrastructure.TransfersPairedCheck;
import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.platform.db.EachDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the audit: the money checks here, and the order in which every check runs and is reported. The other features
 * contribute their checks as {@link AuditCheck} beans from their own configurations, so the audit knows no feature; it
 * knows their checks by name, in {@link #ORDER}. It also gives them {@link AuditPaging}, how large a page they read.
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
            "transfers-paired",
            "balances-match-ledger",
            "packet-sums",
            "grabs-recorded-once",
            "persister-dead-letters",
            "lottery-won-placed-stock",
            "lottery-units-won-once",
            "lottery-draws-one-outcome",
            "lottery-points-exact",
            "lottery-pools-match-database",
            "wheels-at-home",
            "groups-at-home",
            "campaigns-hold-together");

    @Bean
    AuditPaging auditPaging(AuditSettings settings) {
        return new AuditPaging(settings.pageSize());
    }

    @Bean
    MoneyConservationCheck moneyConservationCheck(EachDatabase databases) {
        return new MoneyConservationCheck(databases);
    }

    @Bean
    TransfersPairedCheck transfersPairedCheck(
            EachDatabase databases, AuditPaging paging, AuditSettings settings, Clock clock) {
        return new TransfersPairedCheck(databases, paging, settings.transitBound(), clock);
    }

    @Bean
    BalancesMatchLedgerCheck balancesMatchLedgerCheck(EachDatabase databases) {
        return new BalancesMatchLedgerCheck(databases);
    }

    @Bean
    RunningAudit runningAudit(List<AuditCheck> checks) {
        return RunningAudit.inOrder(ORDER, checks);
    }

    @Bean
    AuditScopes auditScopes(AuditSettings settings, Clock clock) {
        return new AuditScopes(settings.recentWindow(), clock);
    }

    @Bean
    PeriodicAudit periodicAudit(RunningAudit audit, AuditScopes scopes, Clock clock, MeterRegistry registry) {
        PeriodicAudit periodic = new PeriodicAudit(audit, scopes, clock);
        AuditMeters.register(registry, periodic, ORDER);
        return periodic;
    }

    @Bean
    AuditWorker auditWorker(PeriodicAudit audit, AuditSettings settings) {
        return new AuditWorker(
                audit, settings.periodic().every(), settings.periodic().enabled());
    }

    /**
     * The health component {@code periodicAudit} (its name is the bean's, without "HealthIndicator"), shown with its
     * details by the health group {@code audit} (application.yml).
     */
    @Bean
    AuditHealthIndicator periodicAuditHealthIndicator(PeriodicAudit audit) {
        return new AuditHealthIndicator(audit);
    }
}
