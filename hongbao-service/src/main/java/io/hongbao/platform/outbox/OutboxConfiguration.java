package io.hongbao.platform.outbox;

import io.hongbao.platform.db.ShardedDataSource;
import io.hongbao.platform.workers.PeriodicWorker;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The transactional outbox of money movements (ADR 0096): on only when a bus is configured
 * ({@code hongbao.events.kafka.bootstrap-servers}, {@code HONGBAO_KAFKA_BOOTSTRAP}). Off, nothing is written, nothing
 * publishes and no table grows.
 */
@Configuration(proxyBeanMethods = false)
class OutboxConfiguration {

    @Bean
    Outbox outbox(OutboxSettings settings, Clock clock) {
        return settings.on() ? new JdbcOutbox(clock) : Outbox.OFF;
    }

    @Bean
    OutboxProgress outboxProgress(
            OutboxSettings settings, ShardedDataSource dataSource, Clock clock, MeterRegistry registry) {
        int shards = dataSource.pools().size();
        OutboxProgress progress = new OutboxProgress(clock, shards, settings.on());
        // Registered with the bus off too (0): the alert rules and dashboards name them whatever the deployment.
        for (int shard = 0; shard < shards; shard++) {
            int s = shard;
            Gauge.builder("hongbao.outbox.backlog", progress, p -> p.rows(s))
                    .description("outbox rows waiting to be published, by database shard (last sample)")
                    .tag("shard", Integer.toString(s))
                    .register(registry);
            Gauge.builder("hongbao.outbox.oldest.age", progress, p -> p.oldestAgeSeconds(s))
                    .description("seconds the oldest waiting outbox row has waited, by database shard; 0 when none")
                    .tag("shard", Integer.toString(s))
                    .baseUnit("seconds")
                    .register(registry);
        }
        return progress;
    }

    @Bean
    OutboxPublishing outboxPublishing(
            OutboxSettings settings,
            ShardedDataSource dataSource,
            OutboxProgress progress,
            Clock clock,
            MeterRegistry registry) {
        List<PeriodicWorker> workers = new ArrayList<>();
        if (settings.on()) {
            List<? extends DataSource> pools = dataSource.pools();
            for (int shard = 0; shard < pools.size(); shard++) {
                JdbcShardOutbox outbox = new JdbcShardOutbox(pools.get(shard), clock);
                EventBus bus = new KafkaEventBus(
                        settings.kafka().bootstrapServers(), settings.kafka().topic(), "hongbao-outbox-" + shard);
                OutboxPublisher publisher = new OutboxPublisher(
                        shard, outbox, bus, settings.publisher().batchSize(), clock, registry);
                workers.add(new OutboxWorkers.Publishing(
                        shard, publisher, settings.publisher().every()));
                workers.add(new OutboxWorkers.Sampling(
                        shard, outbox, progress, settings.publisher().sampleEvery()));
            }
        }
        return new OutboxPublishing(workers);
    }
}
