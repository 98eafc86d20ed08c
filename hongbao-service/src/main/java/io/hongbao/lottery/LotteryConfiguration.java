package io.hongbao.lottery;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.lottery.application.CreatingWheel;
import io.hongbao.lottery.application.DrawingInBatches;
import io.hongbao.lottery.application.DrawingPrize;
import io.hongbao.lottery.application.FillingPrizePools;
import io.hongbao.lottery.application.ReadingWheels;
import io.hongbao.lottery.application.RecoveringDraws;
import io.hongbao.lottery.infrastructure.DrawRecoveryWorker;
import io.hongbao.lottery.infrastructure.LotteryAuditChecks;
import io.hongbao.lottery.infrastructure.LotteryInfrastructure;
import io.hongbao.lottery.infrastructure.PoolFillingWorker;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.release.ReleaseSchedule;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.DirectDatabases;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.outbox.Outbox;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Wires the lottery: use cases are plain objects built here, adapters come from {@link LotteryInfrastructure}. */
@Configuration(proxyBeanMethods = false)
class LotteryConfiguration {

    @Bean
    Wheels wheels(JdbcClient jdbc, LotterySettings settings) {
        return LotteryInfrastructure.cachedJdbcWheels(jdbc, settings.cachedWheels());
    }

    @Bean
    ReleaseSchedule releaseSchedule(JdbcClient jdbc) {
        return LotteryInfrastructure.jdbcReleaseSchedule(jdbc);
    }

    @Bean
    Draws draws(JdbcClient jdbc, JdbcTemplate template, Wheels wheels, Outbox outbox) {
        return LotteryInfrastructure.jdbcDraws(jdbc, template, wheels, outbox);
    }

    @Bean
    PrizePools prizePools(
            RedisConnection redis,
            RedisPrimaries primaries,
            NotExecutedRetry retry,
            ReplicatedAcknowledgements replicated,
            LotterySettings settings) {
        return LotteryInfrastructure.redisPrizePools(
                redis,
                primaries,
                retry,
                replicated,
                settings.rememberOutcomes(),
                settings.drawClock() == LotterySettings.DrawClock.REDIS);
    }

    @Bean
    FillingPrizePools fillingPrizePools(
            ReleaseSchedule schedule, PrizePools pools, Transactions transactions, LotterySettings settings) {
        // Release moments are not secrets, but nobody should be able to predict them from a seed either.
        return new FillingPrizePools(
                schedule,
                pools,
                transactions,
                new SecureRandom(),
                settings.poolFiller().lookahead());
    }

    @Bean
    CreatingWheel creatingWheel(Wheels wheels, FillingPrizePools filling, Transactions transactions) {
        return new CreatingWheel(wheels, filling, transactions);
    }

    @Bean
    DrawingPrize drawingPrize(
            Wheels wheels,
            Draws draws,
            PrizePools pools,
            FillingPrizePools filling,
            Transactions transactions,
            Blocking blocking,
            Clock clock) {
        return new DrawingPrize(wheels, draws, pools, filling, transactions, blocking.executor(), clock);
    }

    @Bean
    DrawingInBatches drawingInBatches(
            Wheels wheels,
            DirectDatabases directDatabases,
            Outbox outbox,
            PrizePools pools,
            DrawingPrize drawing,
            FillingPrizePools filling,
            Blocking blocking,
            LotterySettings settings,
            DatabaseShards databaseShards,
            MeterRegistry registry,
            Clock clock) {
        // Each lane writes its database on that database's own pool (ADR 0101), as the grab persister does.
        List<DrawingInBatches.LaneStore> stores = LotteryInfrastructure.directLaneStores(
                directDatabases,
                wheels,
                outbox,
                database -> directDatabases.of(database).transactions());
        DrawingInBatches batches = new DrawingInBatches(
                wheels,
                stores,
                pools,
                drawing,
                filling,
                blocking.executor(),
                new DrawingInBatches.Bounds(
                        settings.drawBatch().maxBatch(),
                        settings.drawBatch().maxQueued(),
                        settings.drawBatch().maxWait()),
                databaseShards,
                clock,
                System::nanoTime);
        // Their ratio over a window is the mean batch: how many draws share one spend, one script call, one record.
        FunctionCounter.builder("hongbao.draw.batches", batches, DrawingInBatches::batches)
                .description("batches of draws spent, each one transaction")
                .register(registry);
        FunctionCounter.builder("hongbao.draw.batched", batches, DrawingInBatches::drawsBatched)
                .description("draws sent in batches; divided by the batches, the mean batch")
                .register(registry);
        for (SpendOutcome.Why why : SpendOutcome.Why.values()) {
            FunctionCounter.builder("hongbao.draw.refused", batches, b -> b.refused(why))
                    .description("draws refused unspent by their lane (full, or waited past max-wait)")
                    .tag("reason", why == SpendOutcome.Why.LANE_FULL ? "lane-full" : "deadline")
                    .register(registry);
        }
        FunctionCounter.builder("hongbao.draw.repeats", batches, DrawingInBatches::repeats)
                .description("keyed draws that repeated an earlier draw's request: nothing spent, its outcome answered")
                .register(registry);
        FunctionCounter.builder("hongbao.draw.spend.unknown", batches, DrawingInBatches::spendsUnknown)
                .description("draws whose spend's commit was not acknowledged, answered 202 PENDING")
                .register(registry);
        return batches;
    }

    @Bean
    RecoveringDraws recoveringDraws(Draws draws, DrawingPrize drawing) {
        return new RecoveringDraws(draws, drawing);
    }

    @Bean
    ReadingWheels readingWheels(Wheels wheels, Draws draws) {
        return new ReadingWheels(wheels, draws);
    }

    /** The lottery's audit checks, each an {@link AuditCheck} bean; {@code AuditConfiguration} orders them by name. */
    @Bean(destroyMethod = "close")
    LotteryAuditChecks lotteryAuditChecks(
            JdbcClient jdbc, EachDatabase databases, RedisConnections connections, Clock clock, AuditPaging paging) {
        // a Redis connection of the audit's own: its reads never queue among the draws on the shared one
        return new LotteryAuditChecks(jdbc, databases, connections.open(), clock, paging);
    }

    @Bean
    AuditCheck lotteryWonWithinPlacedWithinStockCheck(LotteryAuditChecks checks) {
        return checks.wonWithinPlacedWithinStock();
    }

    @Bean
    AuditCheck lotteryUnitsWonOnceCheck(LotteryAuditChecks checks) {
        return checks.unitsWonOnce();
    }

    @Bean
    AuditCheck lotteryDrawsHaveOneOutcomeCheck(LotteryAuditChecks checks) {
        return checks.drawsHaveOneOutcome();
    }

    @Bean
    AuditCheck lotteryPointsExactCheck(LotteryAuditChecks checks) {
        return checks.pointsExact();
    }

    @Bean
    AuditCheck lotteryPoolsMatchDatabaseCheck(LotteryAuditChecks checks) {
        return checks.poolsMatchDatabase();
    }

    @Bean
    AuditCheck wheelsAtHomeCheck(EachDatabase databases, DatabaseShards shards, AuditPaging paging) {
        return LotteryInfrastructure.wheelsAtHomeCheck(databases, shards, paging);
    }

    @Bean
    PoolFillingWorker poolFillingWorker(FillingPrizePools filling, LotterySettings settings, Clock clock) {
        return new PoolFillingWorker(filling, settings.poolFiller(), clock);
    }

    @Bean
    DrawRecoveryWorker drawRecoveryWorker(RecoveringDraws recovering, LotterySettings settings, Clock clock) {
        return new DrawRecoveryWorker(recovering, settings.drawRecovery(), clock);
    }
}
