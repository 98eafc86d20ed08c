package io.hongbao.audit;

import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.infrastructure.BalancesMatchLedgerCheck;
import io.hongbao.audit.infrastructure.MoneyConservationCheck;
import io.hongbao.lottery.infrastructure.LotteryAuditChecks;
import io.hongbao.platform.db.Snapshots;
import io.hongbao.redpacket.infrastructure.GrabsRecordedOnceCheck;
import io.hongbao.redpacket.infrastructure.PacketSumsCheck;
import io.hongbao.redpacket.infrastructure.RedisAgreesWithDatabaseCheck;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Wires the audit: the money checks here, and the order in which every check runs and is reported, the checks other
 * features build included. A new check is added to the list below, where its place is seen.
 */
@Configuration(proxyBeanMethods = false)
class AuditConfiguration {

    @Bean
    MoneyConservationCheck moneyConservationCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new MoneyConservationCheck(jdbc, snapshots);
    }

    @Bean
    BalancesMatchLedgerCheck balancesMatchLedgerCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new BalancesMatchLedgerCheck(jdbc, snapshots);
    }

    /**
     * Redis against the database first (it lets the persisters drain the streams, so the database checks after it see
     * the grabs already answered), then money, then each feature's own sums.
     */
    @Bean
    RunningAudit runningAudit(
            RedisAgreesWithDatabaseCheck redisAgreesWithDatabase,
            MoneyConservationCheck moneyConservation,
            BalancesMatchLedgerCheck balancesMatchLedger,
            PacketSumsCheck packetSums,
            GrabsRecordedOnceCheck grabsRecordedOnce,
            LotteryAuditChecks lottery) {
        return new RunningAudit(List.of(
                redisAgreesWithDatabase,
                moneyConservation,
                balancesMatchLedger,
                packetSums,
                grabsRecordedOnce,
                lottery.wonWithinPlacedWithinStock(),
                lottery.unitsWonOnce(),
                lottery.drawsHaveOneOutcome(),
                lottery.pointsExact(),
                lottery.poolsMatchDatabase()));
    }
}
