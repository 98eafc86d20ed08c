package io.hongbao.ops;

import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.ops.application.InstanceBoard;
import io.hongbao.ops.application.PublishingFigures;
import io.hongbao.ops.application.ReadingOperations;
import io.hongbao.ops.infrastructure.DurabilitySettings;
import io.hongbao.ops.infrastructure.FiguresWorker;
import io.hongbao.ops.infrastructure.MeterReadings;
import io.hongbao.ops.infrastructure.RedisInstanceBoard;
import io.hongbao.platform.outbox.OutboxProgress;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisDurabilityCheck;
import io.hongbao.redpacket.model.PersisterProgress;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Wires the operator's view of the deployment (ADR 0077): each instance publishes its figures to Redis every second,
 * and {@code GET /api/v1/admin/ops} reads them all with the persister's progress, the audit and Redis' settings.
 */
@Configuration(proxyBeanMethods = false)
class OpsConfiguration {

    @Bean
    InstanceBoard instanceBoard(RedisConnection redis, JsonMapper json) {
        return new RedisInstanceBoard(redis.sync(), json);
    }

    @Bean
    PublishingFigures publishingFigures(
            InstanceBoard board, MeterRegistry registry, Clock clock, OpsSettings settings) {
        String host = host();
        String id = host + ":" + ProcessHandle.current().pid() + ":"
                + HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
        return new PublishingFigures(board, new MeterReadings(registry), clock, settings.forgetAfter(), id, host);
    }

    @Bean
    FiguresWorker figuresWorker(PublishingFigures publishing, OpsSettings settings) {
        return new FiguresWorker(publishing, settings.publishEvery());
    }

    @Bean
    ReadingOperations readingOperations(
            InstanceBoard board,
            PersisterProgress persister,
            PeriodicAudit audit,
            RedisDurabilityCheck durability,
            OutboxProgress outbox,
            Clock clock,
            OpsSettings settings) {
        return new ReadingOperations(
                board,
                persister,
                audit,
                new DurabilitySettings(durability),
                outbox,
                clock,
                settings.upWithin(),
                settings.publishEvery());
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown-host";
        }
    }
}
