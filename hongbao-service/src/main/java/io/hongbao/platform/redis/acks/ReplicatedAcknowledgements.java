package io.hongbao.platform.redis.acks;

import io.hongbao.platform.workers.PeriodicWorker;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ReplicaAcks} of every node connection the scripts run on, and how many replicas each must confirm
 * (ADR 0073). With {@code hongbao.redis.min-replicas-acked: auto}, each node's connected replicas are counted off the
 * request path ({@code INFO replication} every {@code replica-sample-every}, on the node's own connection); requests
 * read the last count. The first calls on a node connection (at start, or a connection the cluster topology just
 * opened) wait for its first count rather than guess: guessing "none" would answer them unreplicated, guessing "one"
 * would refuse them on a node without replicas. They are tied to the connection their reply arrived on, read when it
 * arrives, not when the count does: a reconnect in between fails them.
 *
 * <p>It also listens to the client's connections: a lost connection fails the calls its WAIT has not confirmed yet
 * ({@link ReplicaAcks#connectionLost()}). The listener runs on the connection's event loop, where the script replies
 * are read too, so a call whose reply arrived before the loss is registered before the loss is seen.
 */
public final class ReplicatedAcknowledgements extends PeriodicWorker implements RedisConnectionStateListener {

    private static final Logger log = LoggerFactory.getLogger(ReplicatedAcknowledgements.class);
    private static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(1);
    private static final Pattern CONNECTED = Pattern.compile("(?m)^connected_slaves:(\\d+)");
    private static final int UNKNOWN = -1;

    private final ReplicaAckSettings settings;
    private final MeterRegistry registry;
    /** By connection: the Lettuce connection, whose {@link #onRedisDisconnected} names it (a test's key otherwise). */
    private final Map<Object, Node> nodes = new ConcurrentHashMap<>();

    public ReplicatedAcknowledgements(ReplicaAckSettings settings, MeterRegistry registry) {
        super(
                "redis-replicas",
                settings.replicaSampleEvery(),
                settings.fixedReplicas().isEmpty());
        this.settings = settings;
        this.registry = registry;
    }

    /**
     * The group commit of {@code node}: the connection a script call ran on. The same instance for the same connection
     * (a WAIT covers only its own connection's writes).
     */
    public ReplicaAcks forConnection(StatefulRedisConnection<String, String> node) {
        return node(node).acks;
    }

    /**
     * Completes once a WAIT on {@code node} confirmed the calls that completed on it before this one, or fails with
     * {@link ReplicaAckFailed}. Ask only after the call's reply arrived, so that the WAIT follows it on the connection.
     */
    public CompletionStage<Void> acknowledged(StatefulRedisConnection<String, String> node) {
        return acknowledged(node(node));
    }

    /**
     * The connection {@code node} is on now: read it before sending writes that a later {@link
     * #acknowledged(StatefulRedisConnection, long)} must cover, when that later call cannot be made from the reply's
     * completion (a blocking caller on another thread, which could otherwise read a connection opened after the loss).
     */
    public long connectionEpoch(StatefulRedisConnection<String, String> node) {
        return node(node).acks.connectionEpoch();
    }

    /**
     * {@link #acknowledged(StatefulRedisConnection)} for writes sent on {@code node} in {@code epoch} ({@link
     * #connectionEpoch}): fails if the connection was lost since, as a WAIT on the new one would not cover them.
     */
    public CompletionStage<Void> acknowledged(StatefulRedisConnection<String, String> node, long epoch) {
        return acknowledgedSince(node(node), epoch);
    }

    /** {@link #connectionEpoch(StatefulRedisConnection)} of the node that {@code commands} ask (a test's fake). */
    long connectionEpoch(Object connection, ReplicaNode commands) {
        return node(connection, commands).acks.connectionEpoch();
    }

    /** {@link #acknowledged(StatefulRedisConnection, long)} on the node that {@code commands} ask (a test's fake). */
    CompletionStage<Void> acknowledged(Object connection, ReplicaNode commands, long epoch) {
        return acknowledgedSince(node(connection, commands), epoch);
    }

    private static CompletionStage<Void> acknowledgedSince(Node known, long epoch) {
        if (known.counted.isDone()) {
            return known.acks.acknowledged(epoch);
        }
        return known.counted.thenCompose(counted -> known.acks.acknowledged(epoch));
    }

    /** {@link #acknowledged(StatefulRedisConnection)} on the node that {@code commands} ask (a test's fake). */
    CompletionStage<Void> acknowledged(Object connection, ReplicaNode commands) {
        return acknowledged(node(connection, commands));
    }

    private static CompletionStage<Void> acknowledged(Node known) {
        // The connection the reply arrived on, read now: a reconnect before the replica count arrives fails the call,
        // as a WAIT on the new connection would not cover it (the count is read on the new connection, after the loss).
        return acknowledgedSince(known, known.acks.connectionEpoch());
    }

    /** How many replicas a call on {@code node} waits for now. */
    public int requiredReplicas(StatefulRedisConnection<String, String> node) {
        return node(node).required();
    }

    @Override
    public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
        connectionLost(connection);
    }

    /** {@code connection} was lost (Lettuce reconnects it on its own). */
    void connectionLost(Object connection) {
        Node node = nodes.get(connection);
        if (node != null) {
            node.acks.connectionLost();
        }
    }

    @Override
    protected int runOnce() {
        nodes.values().forEach(Node::sample);
        return 0;
    }

    private Node node(StatefulRedisConnection<String, String> connection) {
        Node known = nodes.get(connection);
        return known != null ? known : node(connection, ReplicaNode.of(connection));
    }

    private Node node(Object connection, ReplicaNode commands) {
        return nodes.computeIfAbsent(connection, key -> newNode(commands));
    }

    private Node newNode(ReplicaNode commands) {
        Node node = new Node(commands, settings.fixedReplicas());
        if (settings.fixedReplicas().isEmpty()) {
            node.sampleLater();
        } else {
            node.counted.complete(null);
        }
        return node;
    }

    /** Number of {@code connected_slaves} in an {@code INFO replication} answer. */
    static int connectedReplicas(String info) {
        Matcher connected = CONNECTED.matcher(info);
        if (!connected.find()) {
            throw new IllegalStateException("INFO replication has no connected_slaves");
        }
        return Integer.parseInt(connected.group(1));
    }

    private final class Node {
        final ReplicaNode connection;
        final OptionalInt fixed;
        final ReplicaAcks acks;
        volatile int connected = UNKNOWN;
        /** Done once the first count arrived or failed (then the node is taken to have a replica). */
        final CompletableFuture<Void> counted = new CompletableFuture<>();
        /** Whether the last sample failed (the worker's thread only). */
        boolean failing;

        Node(ReplicaNode connection, OptionalInt fixed) {
            this.connection = connection;
            this.fixed = fixed;
            this.acks = new ReplicaAcks(
                    (replicas, timeoutMillis) -> connection.waitForReplicas(replicas, timeoutMillis),
                    this::required,
                    settings.replicaAckTimeout(),
                    System::nanoTime,
                    registry);
        }

        int required() {
            if (fixed.isPresent()) {
                return fixed.getAsInt();
            }
            return connected == 0 ? 0 : 1;
        }

        /** The first count, without blocking the caller (forConnection may run on an event loop). */
        void sampleLater() {
            connection.replicationInfo().whenComplete((info, failure) -> {
                try {
                    if (failure == null && connected == UNKNOWN) {
                        connected = connectedReplicas(info);
                    }
                } finally {
                    counted.complete(null);
                }
            });
        }

        void sample() {
            try {
                int now = connectedReplicas(connection
                        .replicationInfo()
                        .toCompletableFuture()
                        .get(SAMPLE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
                if (now != connected && connected != UNKNOWN) {
                    log.info(
                            "Redis replicas connected: {} (was {}); grabs and draws wait for {}",
                            now,
                            connected,
                            now == 0 ? "none" : "one");
                }
                connected = now;
                counted.complete(null);
                failing = false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // Keep the last count: a Redis that cannot be asked fails the scripts themselves anyway.
                if (!failing) {
                    log.warn("Cannot count Redis' replicas, keeping the last count ({}): {}", connected, e.toString());
                }
                failing = true;
            }
        }
    }
}
