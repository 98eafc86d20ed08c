package io.hongbao.redpacket;

import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.platform.redis.RedisMemory;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.ReplicatedAcknowledgements;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.platform.web.ApiError;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.ReadingGroupPackets;
import io.hongbao.redpacket.application.ReadingHistory;
import io.hongbao.redpacket.application.ReadingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.infrastructure.CoalescingGrabs;
import io.hongbao.redpacket.infrastructure.DeadLettersCheck;
import io.hongbao.redpacket.infrastructure.ExpireScript;
import io.hongbao.redpacket.infrastructure.ExpirySweeper;
import io.hongbao.redpacket.infrastructure.GrabAdmission;
import io.hongbao.redpacket.infrastructure.GrabPersister;
import io.hongbao.redpacket.infrastructure.GrabRefusal;
import io.hongbao.redpacket.infrastructure.GrabScript;
import io.hongbao.redpacket.infrastructure.GrabsRecordedOnceCheck;
import io.hongbao.redpacket.infrastructure.JdbcRedPackets;
import io.hongbao.redpacket.infrastructure.PacketEventWriter;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.PacketSumsCheck;
import io.hongbao.redpacket.infrastructure.PersisterBacklog;
import io.hongbao.redpacket.infrastructure.PlacedPacketIds;
import io.hongbao.redpacket.infrastructure.PublishRecovery;
import io.hongbao.redpacket.infrastructure.RedisAgreesWithDatabaseCheck;
import io.hongbao.redpacket.infrastructure.RedisHotPackets;
import io.hongbao.redpacket.infrastructure.RedisPersisterProgress;
import io.hongbao.redpacket.infrastructure.RememberedUnknownPackets;
import io.hongbao.redpacket.infrastructure.ShardDoorbell;
import io.hongbao.redpacket.infrastructure.ShardLayout;
import io.hongbao.redpacket.infrastructure.UnrecordedEventsScript;
import io.hongbao.redpacket.model.PersisterProgress;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.UnknownPackets;
import io.hongbao.redpacket.model.UnrecordedEvents;
import io.hongbao.redpacket.warmup.GrabPathWarmUp;
import io.hongbao.redpacket.web.GrabAnswer;
import io.hongbao.redpacket.web.GrabRoute;
import io.hongbao.redpacket.web.LivePackets;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationPredicate;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.springdoc.core.annotations.RouterOperation;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Wires the red-packet feature: plain use cases over their ports, the Redis and JDBC adapters, the workers, the grab
 * route and its audit checks ({@code AuditCheck} beans, which {@code AuditConfiguration} orders by name).
 */
@Configuration(proxyBeanMethods = false)
class RedPacketConfiguration {

    /**
     * The shard layout, checked against the one the database's packets were written with before anything uses it: a
     * start with another one is refused (ADR 0071).
     */
    @Bean
    PacketKeys packetKeys(RedPacketSettings settings, JdbcClient jdbc) {
        new ShardLayout(jdbc).recordOrCheck(new ShardLayout.Layout(settings.shards(), settings.shardTags()));
        return new PacketKeys(settings.shards(), settings.shardTags());
    }

    /** Rung by whoever appends to a shard's stream; the persister's workers read the rung shards (ADR 0072). */
    @Bean
    ShardDoorbell shardDoorbell(PacketKeys keys) {
        return new ShardDoorbell(keys.shards());
    }

    @Bean
    RedPackets redPackets(JdbcClient jdbc, Groups groups) {
        return new JdbcRedPackets(jdbc, groups);
    }

    @Bean
    RedisHotPackets hotPackets(RedisConnection redis, PacketKeys keys, RedPacketSettings settings) {
        return new RedisHotPackets(redis.async(), keys, settings.retention());
    }

    /**
     * The grab path: coalescing lanes in front of the grab script. Admission reads two volatile fields the samplers
     * keep (Redis' memory, the shard's backlog) and asks Redis nothing (ADR 0067).
     */
    @Bean
    RedPacketGrabs redPacketGrabs(
            RedisPrimaries primaries,
            NotExecutedRetry retry,
            PacketKeys keys,
            RedPacketSettings settings,
            RedisMemory memory,
            PersisterBacklog backlog,
            ReplicatedAcknowledgements replicated,
            ShardDoorbell doorbell,
            MeterRegistry registry) {
        GrabAdmission admission = shard -> memory.nearlyFull() ? GrabRefusal.MEMORY : backlog.refusal(shard);
        CoalescingGrabs grabs = new CoalescingGrabs(
                new GrabScript(primaries, retry, keys, replicated),
                keys,
                settings.coalescing(),
                admission,
                doorbell,
                System::nanoTime);
        for (GrabRefusal reason : GrabRefusal.values()) {
            FunctionCounter.builder("hongbao.grab.refused", grabs, coalescing -> coalescing.refused(reason))
                    .description("grabs refused with nothing changed (503), by reason")
                    .tag("reason", reason.tag())
                    .register(registry);
        }
        // Their ratio over a window is the mean coalesced batch, the figure that says how much a Redis call carries.
        FunctionCounter.builder("hongbao.grab.script.calls", grabs, CoalescingGrabs::scriptCalls)
                .description("grab-script calls to Redis, one per coalesced batch of grabs")
                .register(registry);
        FunctionCounter.builder("hongbao.grab.script.grabs", grabs, CoalescingGrabs::grabsSent)
                .description("grabs sent in grab-script calls; divided by the calls, the mean coalesced batch")
                .register(registry);
        return grabs;
    }

    /** The persister's progress as an operator reads it (the ops feature asks about once a second). */
    @Bean
    PersisterProgress persisterProgress(RedisConnection redis, PacketKeys keys) {
        return new RedisPersisterProgress(redis.async(), keys);
    }

    /** Samples each shard's stream backlog on the shared connection: a few commands per period. */
    @Bean
    PersisterBacklog persisterBacklog(
            RedisConnection redis, PacketKeys keys, RedPacketSettings settings, MeterRegistry registry) {
        return new PersisterBacklog(redis.async(), keys, settings.backlog(), registry);
    }

    @Bean
    SendingRedPacket sendingRedPacket(
            RedPackets packets,
            DatabaseShards databaseShards,
            EscrowAccounts escrow,
            Groups groups,
            Transactions transactions,
            PublishingRedPacket publishing,
            Clock clock) {
        return new SendingRedPacket(
                packets,
                new PlacedPacketIds(databaseShards),
                escrow,
                groups,
                transactions,
                publishing,
                clock,
                ThreadLocalRandom::current);
    }

    @Bean
    UnrecordedEvents unrecordedEvents(RedisConnection redis, PacketKeys keys, MeterRegistry registry) {
        return new UnrecordedEventsScript(redis.async(), keys, registry);
    }

    @Bean
    PublishingRedPacket publishingRedPacket(
            RedPackets packets, RedisHotPackets hot, UnrecordedEvents unrecorded, Blocking blocking) {
        return new PublishingRedPacket(packets, hot, unrecorded, blocking.executor());
    }

    @Bean
    GrabbingRedPacket grabbingRedPacket(
            RedPacketGrabs grabs, PublishingRedPacket publishing, UnknownPackets unknownPackets) {
        return new GrabbingRedPacket(grabs, publishing, unknownPackets);
    }

    @Bean
    ReadingRedPacket readingRedPacket(RedPackets packets, RedisHotPackets hot, Groups groups, Blocking blocking) {
        return new ReadingRedPacket(packets, hot, groups, blocking.executor());
    }

    @Bean
    ReadingHistory readingHistory(RedPackets packets) {
        return new ReadingHistory(packets);
    }

    /** The shared pollers of the packet event streams (ADR 0075). */
    @Bean
    LivePackets livePackets(ReadingRedPacket reading, RedPacketSettings settings, Clock clock, MeterRegistry registry) {
        return new LivePackets(reading, settings.live().pollEvery(), clock, registry);
    }

    @Bean
    ReadingGroupPackets readingGroupPackets(RedPackets packets, Groups groups) {
        return new ReadingGroupPackets(packets, groups);
    }

    @Bean
    PacketEventWriter packetEventWriter(
            JdbcClient jdbc, Transactions transactions, EscrowAccounts escrow, DatabaseShards databaseShards) {
        return new PacketEventWriter(jdbc, transactions, escrow, databaseShards);
    }

    @Bean
    GrabPersister grabPersister(
            RedisConnections connections,
            PacketKeys keys,
            ShardDoorbell doorbell,
            PacketEventWriter writer,
            RedPacketSettings settings,
            DatabaseShards databaseShards,
            MeterRegistry registry) {
        return new GrabPersister(connections, keys, doorbell, writer, settings.persister(), databaseShards, registry);
    }

    @Bean
    ExpireScript expireScript(RedisConnection redis, PacketKeys keys, RedPacketSettings settings) {
        return new ExpireScript(redis.async(), keys, settings.retention());
    }

    @Bean
    ExpirySweeper expirySweeper(
            RedisConnection redis,
            PacketKeys keys,
            ExpireScript expire,
            ShardDoorbell doorbell,
            Clock clock,
            RedPacketSettings settings) {
        return new ExpirySweeper(redis.async(), keys, expire, doorbell, clock, settings.sweeper());
    }

    @Bean
    PublishRecovery publishRecovery(
            RedPackets packets,
            RedisHotPackets hot,
            PublishingRedPacket publishing,
            Clock clock,
            RedPacketSettings settings) {
        return new PublishRecovery(packets, hot, publishing, clock, settings.recovery());
    }

    @Bean
    PacketSumsCheck packetSumsCheck(
            JdbcClient jdbc, EachDatabase databases, DatabaseShards databaseShards, AuditPaging paging) {
        return new PacketSumsCheck(jdbc, databases, databaseShards, paging);
    }

    @Bean
    GrabsRecordedOnceCheck grabsRecordedOnceCheck(
            JdbcClient jdbc, EachDatabase databases, DatabaseShards databaseShards, AuditPaging paging) {
        return new GrabsRecordedOnceCheck(jdbc, databases, databaseShards, paging);
    }

    /** On a Redis connection of its own: the audit's reads never queue among the grabs pipelined on the shared one. */
    @Bean(destroyMethod = "close")
    RedisAgreesWithDatabaseCheck redisAgreesWithDatabaseCheck(
            JdbcClient jdbc, PacketKeys keys, RedisConnections connections, AuditPaging paging) {
        return new RedisAgreesWithDatabaseCheck(jdbc, keys, connections.open(), paging, Duration.ofSeconds(5));
    }

    @Bean
    DeadLettersCheck deadLettersCheck(RedisConnection redis, PacketKeys keys) {
        return new DeadLettersCheck(redis.sync(), keys);
    }

    /** Only where the service serves HTTP: the warm-up grabs through its own server (not in the lab's context). */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    GrabPathWarmUp grabPathWarmUp(
            RedPacketSettings settings, RedisConnection redis, PacketKeys keys, TokenIssuer tokens) {
        return new GrabPathWarmUp(settings.warmUp(), redis, keys, tokens);
    }

    /**
     * {@code POST /api/v1/packets/{id}/grab}, matched before the annotated controllers (see {@link GrabRoute}). A
     * functional route has no handler method to annotate, so its OpenAPI description is written here; the errors every
     * {@code /api/**} operation shares (401, 503) are added by the document's customizer.
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @RouterOperation(
            path = GrabRoute.PATH,
            method = RequestMethod.POST,
            produces = MediaType.APPLICATION_JSON_VALUE,
            operation =
                    @Operation(
                            operationId = "grab",
                            summary = "Grab a share of a red packet",
                            description = "Each share goes to exactly one user and nobody grabs twice; the sender may"
                                    + " grab too. Repeating the grab answers ALREADY_GRABBED with the same amount. The"
                                    + " amount reaches the grabber's balance asynchronously.",
                            tags = "Red packets",
                            parameters =
                                    @Parameter(
                                            name = "id",
                                            in = ParameterIn.PATH,
                                            required = true,
                                            description = "the packet's id",
                                            schema = @Schema(type = "string")),
                            responses = {
                                @ApiResponse(
                                        responseCode = "200",
                                        description = "the grab's outcome",
                                        content =
                                                @Content(
                                                        mediaType = MediaType.APPLICATION_JSON_VALUE,
                                                        schema = @Schema(implementation = GrabAnswer.class))),
                                @ApiResponse(
                                        responseCode = "403",
                                        description = "NOT_A_MEMBER: only the group's members may grab this packet",
                                        content =
                                                @Content(
                                                        mediaType = MediaType.APPLICATION_JSON_VALUE,
                                                        schema = @Schema(implementation = ApiError.class))),
                                @ApiResponse(
                                        responseCode = "503",
                                        description = "UNAVAILABLE: a backing store failed, or no Redis replica"
                                                + " confirmed the grab in time; the grab may have"
                                                + " happened, and retrying is safe (a retry answers ALREADY_GRABBED"
                                                + " with the amount if it did). Or the grab was refused before"
                                                + " anything changed (Redis short of memory, the database too"
                                                + " far behind, too many grabs waiting, or a packet whose Redis"
                                                + " state was lost waits for the database to record its latest"
                                                + " grabs): nothing was changed, retry later. The message tells"
                                                + " which.",
                                        content =
                                                @Content(
                                                        mediaType = MediaType.APPLICATION_JSON_VALUE,
                                                        schema = @Schema(implementation = ApiError.class))),
                                @ApiResponse(
                                        responseCode = "404",
                                        description = "NOT_FOUND: no such packet",
                                        content =
                                                @Content(
                                                        mediaType = MediaType.APPLICATION_JSON_VALUE,
                                                        schema = @Schema(implementation = ApiError.class)))
                            }))
    RouterFunction<ServerResponse> grabRoute(GrabbingRedPacket grabbing, MeterRegistry registry) {
        return GrabRoute.routerFunction(grabbing, registry);
    }

    /** Leaves the grab out of {@code http.server.requests}; {@link GrabRoute} times it itself (ADR 0051). */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    ObservationPredicate grabRouteWithoutHttpObservation() {
        return GrabRoute.withoutHttpObservation();
    }

    /** The short memory of packet ids the database does not know, in front of the grab's database fallback. */
    @Bean
    UnknownPackets unknownPackets(RedPacketSettings settings, MeterRegistry registry) {
        RedPacketSettings.NegativeCache cache = settings.negativeCache();
        return new RememberedUnknownPackets(cache.rememberFor(), cache.maxIds(), registry);
    }
}
