package io.hongbao.platform.redis;

import io.hongbao.platform.redis.acks.ReplicaAckSettings;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.platform.storage.StorageSettings;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One Lettuce client, standalone or cluster (ADR 0070), and one shared connection. Lettuce connections are thread-safe
 * and pipeline every command sent on them, so a single connection serves all callers without a pool (the hot path
 * relies on that pipelining); on a cluster it keeps one such connection per node.
 */
@Configuration(proxyBeanMethods = false)
class RedisConfiguration {

    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);

    /**
     * Lettuce retries a lost connection after 1, 2, 4 ... ms, by default up to 30 s apart: after a Redis outage of
     * seconds, grabs would stay refused for seconds more after Redis is back (OneStoreFaultsIT.RedisKilled). Capped,
     * the first attempt after Redis' return comes within a second; a dozen connections trying once a second cost Redis
     * nothing.
     */
    static final Duration RECONNECT_DELAY_MAX = Duration.ofSeconds(1);

    @Bean(destroyMethod = "shutdown")
    ClientResources redisClientResources() {
        return DefaultClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ZERO, RECONNECT_DELAY_MAX, 2, TimeUnit.MILLISECONDS))
                .build();
    }

    @Bean(destroyMethod = "shutdown")
    LettuceRedis redisConnections(ClientResources resources, StorageEndpoints endpoints, StorageSettings settings) {
        if (!endpoints.redisClusterSeeds().isEmpty()) {
            StorageSettings.Topology topology = settings.redis().topology();
            return new ClusterRedis(
                    clusterClient(resources, endpoints.redisClusterSeeds(), topology), topology.maxRedirects());
        }
        RedisURI uri = RedisURI.create(endpoints.redisUrl());
        RedisClient client = RedisClient.create(resources, uri);
        client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                // While Redis is away, fail calls at once (503) instead of queueing them without bound.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                .build());
        return new StandaloneRedis(client, uri.getHost() + ":" + uri.getPort());
    }

    /**
     * The cluster client. Topology: refreshed periodically and at once on every adaptive trigger (MOVED, ASK,
     * persistent reconnects, unknown node, uncovered slot), so that a failover's new primary is found within a
     * redirect rather than a period. Membership validation stays on: the client connects only to nodes of the
     * topology, and the unknown-node trigger refreshes that topology as soon as a redirect names a new one (a promoted
     * replica is already in it). A command that times out refreshes it too ({@link TopologyRefreshOnTimeout}: a frozen
     * primary sends no redirect and closes no connection). Disconnected behaviour, timeout and reconnect delay as in
     * standalone mode.
     */
    static RedisClusterClient clusterClient(
            ClientResources resources, List<String> seeds, StorageSettings.Topology topology) {
        // The seeds' timeout bounds a topology refresh's wait for each node's view (Lettuce's default is 60 s): a
        // frozen node must not hold a refresh longer than a command would wait.
        List<RedisURI> uris = seeds.stream().map(RedisConfiguration::seed).toList();
        RedisClusterClient client = RedisClusterClient.create(resources, uris);
        client.addListener(TopologyRefreshOnTimeout.of(client, topology.adaptiveAtMostEvery()));
        client.setOptions(ClusterClientOptions.builder()
                .autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                .maxRedirects(topology.maxRedirects())
                .validateClusterNodeMembership(true)
                .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                        .enablePeriodicRefresh(topology.refreshEvery())
                        .enableAllAdaptiveRefreshTriggers()
                        // Lettuce's default (30 s) swallows every trigger after the first: a refresh at the first
                        // reconnect, before the replica was promoted, would hide the promotion until the next period.
                        .adaptiveRefreshTriggersTimeout(topology.adaptiveAtMostEvery())
                        .closeStaleConnections(true)
                        .dynamicRefreshSources(true)
                        .build())
                .build());
        return client;
    }

    private static RedisURI seed(String hostAndPort) {
        RedisURI uri = RedisURI.create("redis://" + hostAndPort);
        uri.setTimeout(COMMAND_TIMEOUT);
        return uri;
    }

    @Bean(destroyMethod = "close")
    RedisConnection redisConnection(RedisConnections connections) {
        return connections.open();
    }

    @Bean
    RedisNodes redisNodes(LettuceRedis redis, RedisConnection shared) {
        return redis.nodes(shared);
    }

    @Bean
    RedisPrimaries redisPrimaries(LettuceRedis redis, RedisConnection shared) {
        return redis.primaries(shared);
    }

    /**
     * Replica acknowledgements of the script calls (ADR 0073): one group commit per node connection, and the count of
     * each node's replicas. It hears of every lost connection of the client, so a WAIT on a new connection never
     * releases a call made on the old one.
     */
    @Bean
    ReplicatedAcknowledgements replicatedAcknowledgements(
            LettuceRedis redis, ReplicaAckSettings settings, MeterRegistry registry) {
        ReplicatedAcknowledgements acknowledgements = new ReplicatedAcknowledgements(settings, registry);
        redis.listen(acknowledgements);
        return acknowledgements;
    }

    @Bean
    NotExecutedRetry redisNotExecutedRetry(StorageSettings settings) {
        return new NotExecutedRetry(settings.redis().retry());
    }

    @Bean
    RedisScriptsPreload redisScriptsPreload(RedisConnection shared) {
        return new RedisScriptsPreload(shared);
    }

    @Bean
    RedisDurabilityCheck redisDurabilityCheck(RedisNodes nodes) {
        return new RedisDurabilityCheck(nodes);
    }

    @Bean
    RedisHealthIndicator redisHealthIndicator(RedisConnection connection, RedisNodes nodes, RedisMemory memory) {
        return new RedisHealthIndicator(connection, nodes, memory);
    }

    /** Readiness' Redis: reachable, whatever a cluster's coverage (management.endpoint.health.group.readiness). */
    @Bean
    RedisReachableHealthIndicator redisReachableHealthIndicator(RedisConnection connection, RedisNodes nodes) {
        return new RedisReachableHealthIndicator(connection, nodes);
    }

    /** Samples Redis' memory: one INFO per primary per period, nothing a grab waits for. */
    @Bean
    RedisMemory redisMemory(RedisNodes nodes, StorageSettings settings, MeterRegistry registry) {
        StorageSettings.Admission admission = settings.redis().admission();
        return new RedisMemory(nodes, admission.refuseNewWorkAtPercent(), admission.sampleEvery(), registry);
    }
}
