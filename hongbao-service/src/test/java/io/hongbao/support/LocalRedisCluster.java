package io.hongbao.support;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.cluster.SlotHash;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A Redis Cluster of a test's own: primaries and replicas from the machine's {@code redis-server} (never the embedded
 * one, never :6379), each on a free port with its own folder under the test's folder, configured as the service
 * wants a production node (append-only file fsynced at every write, no eviction) and with a short
 * {@code cluster-node-timeout} ({@link #NODE_TIMEOUT}) so a killed primary's replica takes over within seconds. The
 * cluster is formed by {@code redis-cli --cluster create}. The test kills nodes with SIGKILL ({@link #kill}) and waits
 * for the failover ({@link #awaitFailover}); {@link #close()} stops every node, and a JVM shutdown hook kills whatever a
 * test left running. Tests are skipped (a JUnit assumption) where {@code redis-server} or {@code redis-cli} is missing.
 */
public final class LocalRedisCluster implements AutoCloseable {

    /** How long nodes wait before they call a silent node failed; a replica's election follows within about as long. */
    public static final Duration NODE_TIMEOUT = Duration.ofMillis(1000);

    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly), "local-redis-cluster"));
    }

    private final Path folder;
    private final List<Node> nodes;
    private final Map<Node, List<Node>> replicasAtStart;
    /** A primary's replicas when it was killed or stalled: after a failover they are not those it started with. */
    private final Map<Node, List<Node>> replicasAtFault = new ConcurrentHashMap<>();

    private final int createdPrimaries;
    private final RedisClient client = RedisClient.create();
    private long killedAtNanos;
    private final Set<Node> stalled = ConcurrentHashMap.newKeySet();

    private LocalRedisCluster(
            Path folder, List<Node> nodes, Map<Node, List<Node>> replicasAtStart, int createdPrimaries) {
        this.createdPrimaries = createdPrimaries;
        this.folder = folder;
        this.nodes = nodes;
        this.replicasAtStart = replicasAtStart;
    }

    /** One redis-server of the cluster. Its port and folder stay; its role changes with failovers. */
    public static final class Node {
        private final int port;
        private final Path folder;
        private final Process process;
        private String id;

        private Node(int port, Path folder, Process process) {
            this.port = port;
            this.folder = folder;
            this.process = process;
        }

        public int port() {
            return port;
        }

        /** {@code 127.0.0.1:<port>}, as seeds are written. */
        public String address() {
            return "127.0.0.1:" + port;
        }

        /** The cluster's id of the node (CLUSTER MYID). */
        public String id() {
            return id;
        }

        public Path folder() {
            return folder;
        }

        public long pid() {
            return process.pid();
        }

        public boolean alive() {
            return process.isAlive();
        }

        @Override
        public String toString() {
            return address();
        }
    }

    /** How a killed primary's slots came back: the replica that took over and how long after the kill it served. */
    public record Failover(Node promoted, Duration afterKill) {}

    /** The redis-server and redis-cli the cluster is made of: /usr/bin first, then the PATH. */
    public static Optional<Path> program(String name) {
        Path usual = Path.of("/usr/bin", name);
        if (Files.isExecutable(usual)) {
            return Optional.of(usual);
        }
        return Stream.of(Optional.ofNullable(System.getenv("PATH")).orElse("").split(":"))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /** Skips the calling test, in one line, where the machine has no redis-server or redis-cli. */
    public static void assumeInstalled() {
        Assumptions.assumeTrue(
                available(),
                "redis-server or redis-cli is not installed (apt-get install redis-server): Redis Cluster test skipped");
    }

    /**
     * Starts {@code primaries × (1 + replicasPerPrimary)} nodes under {@code folder}, forms the cluster (slots spread
     * evenly over the primaries by redis-cli) and returns once every node reports {@code cluster_state:ok} and every
     * replica is in sync with its primary.
     */
    public static LocalRedisCluster start(Path folder, int primaries, int replicasPerPrimary) throws IOException {
        assumeInstalled();
        if (primaries < 3) {
            throw new IllegalArgumentException("Redis Cluster needs at least 3 primaries, not " + primaries);
        }
        Files.createDirectories(folder);
        Path realFolder = folder.toRealPath();
        List<Node> nodes = new ArrayList<>();
        LocalRedisCluster cluster = new LocalRedisCluster(realFolder, nodes, new LinkedHashMap<>(), primaries);
        try {
            for (int i = 0; i < primaries * (1 + replicasPerPrimary); i++) {
                nodes.add(launch(realFolder.resolve("node-" + i)));
            }
            cluster.awaitAll(node -> cluster.answers(node), "answer PING");
            cluster.create(replicasPerPrimary);
            cluster.awaitOk(START_LIMIT);
            cluster.awaitAll(node -> cluster.inSync(node), "have its replicas in sync");
            for (Node node : nodes) {
                node.id = cluster.call(node, RedisCommands::clusterMyId);
            }
            for (Node primary : cluster.primaryNodes()) {
                cluster.replicasAtStart.put(primary, cluster.replicasOf(primary));
            }
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * Every node started, primaries and replicas, as {@code hongbao.redis.cluster} ({@code HONGBAO_REDIS_CLUSTER})
     * takes seeds: {@code 127.0.0.1:<port>,127.0.0.1:<port>,...}.
     */
    public String seeds() {
        return String.join(",", nodes.stream().map(Node::address).toList());
    }

    /** Whether {@code redis-server} and {@code redis-cli} can be run here (the cluster tests skip otherwise). */
    public static boolean available() {
        return program("redis-server").isPresent() && program("redis-cli").isPresent();
    }

    /** Every node, in start order: the first {@link #primaries()} were created primaries, the rest their replicas. */
    public List<Node> nodes() {
        return List.copyOf(nodes);
    }

    /** The ports of the nodes, in start order. */
    public List<Integer> ports() {
        return nodes.stream().map(Node::port).toList();
    }

    /** How many primaries the cluster was created with. */
    public int primaries() {
        return createdPrimaries;
    }

    /** The ports of the nodes that are primaries now. */
    public Set<Integer> primaryPorts() {
        return primaryNodes().stream().map(Node::port).collect(java.util.stream.Collectors.toSet());
    }

    /** Whether node {@code node} (its number in start order) still runs. */
    public boolean alive(int node) {
        return nodes.get(node).alive();
    }

    /** kill -9 of node {@code node} (its number in start order); see {@link #kill(Node)}. */
    public void kill(int node) {
        kill(nodes.get(node));
    }

    /** The nodes that serve slots now, in the order they were started (as a live node sees the cluster). */
    public List<Node> primaryNodes() {
        List<String> ids = new ArrayList<>();
        for (String line : clusterNodes()) {
            String[] fields = line.split(" ");
            if (fields[2].contains("master") && !fields[2].contains("fail") && fields.length > 8) {
                ids.add(fields[0]);
            }
        }
        return nodes.stream()
                .filter(n -> n.alive() && (n.id == null ? ids.contains(idOf(n)) : ids.contains(n.id)))
                .toList();
    }

    /** The live replicas of {@code primary} now. */
    public List<Node> replicasOf(Node primary) {
        String primaryId = primary.id != null ? primary.id : idOf(primary);
        List<String> ids = new ArrayList<>();
        for (String line : clusterNodes()) {
            String[] fields = line.split(" ");
            if (fields[2].contains("slave") && fields[3].equals(primaryId) && !fields[2].contains("fail")) {
                ids.add(fields[0]);
            }
        }
        return nodes.stream()
                .filter(n -> n.alive() && ids.contains(n.id != null ? n.id : idOf(n)))
                .toList();
    }

    /** The slot Redis Cluster puts {@code key} in (CRC16 of its hash tag, or of the whole key without one). */
    public static int slotOf(String key) {
        return SlotHash.getSlot(key);
    }

    /** The primary serving {@code slot} now, as a live node sees it. */
    public Node nodeOfSlot(int slot) {
        String id = null;
        for (String line : clusterNodes()) {
            String[] fields = line.split(" ");
            if (!fields[2].contains("master") || fields[2].contains("fail")) {
                continue;
            }
            for (int i = 8; i < fields.length; i++) {
                if (fields[i].startsWith("[")) {
                    continue; // a slot being migrated or imported
                }
                String[] range = fields[i].split("-");
                int from = Integer.parseInt(range[0]);
                int to = range.length == 2 ? Integer.parseInt(range[1]) : from;
                if (slot >= from && slot <= to) {
                    id = fields[0];
                }
            }
        }
        String owner = id;
        return nodes.stream()
                .filter(n -> owner != null && owner.equals(n.id))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no live primary serves slot " + slot));
    }

    public Node nodeOfKey(String key) {
        return nodeOfSlot(slotOf(key));
    }

    /** The keys {@code node} holds that match the glob {@code pattern} (SCAN, so a busy node is not blocked). */
    public List<String> keys(Node node, String pattern) {
        return call(node, redis -> {
            List<String> keys = new ArrayList<>();
            io.lettuce.core.KeyScanCursor<String> cursor =
                    redis.scan(io.lettuce.core.ScanArgs.Builder.matches(pattern).limit(1000));
            keys.addAll(cursor.getKeys());
            while (!cursor.isFinished()) {
                cursor = redis.scan(
                        cursor,
                        io.lettuce.core.ScanArgs.Builder.matches(pattern).limit(1000));
                keys.addAll(cursor.getKeys());
            }
            return keys;
        });
    }

    /** Runs commands on one node through a connection of its own (closed afterwards; the node may die any time). */
    public <T> T call(Node node, Function<RedisCommands<String, String>, T> commands) {
        RedisURI uri = RedisURI.Builder.redis("127.0.0.1", node.port)
                .withTimeout(Duration.ofSeconds(2))
                .build();
        try (StatefulRedisConnection<String, String> connection = client.connect(uri)) {
            return commands.apply(connection.sync());
        }
    }

    /** SIGKILL, as a crash would: no AOF rewrite, no goodbye to the cluster. Returns once the process is gone. */
    public void kill(Node node) {
        rememberReplicas(node);
        node.process.destroyForcibly();
        try {
            if (!node.process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException(node + " survived SIGKILL for 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        killedAtNanos = System.nanoTime();
        RUNNING.remove(node.process);
    }

    /**
     * SIGSTOP: the node keeps its connections open and answers nothing, as a node stuck in a long fork or swapping
     * would; the others fail it over after {@link #NODE_TIMEOUT}. {@link #resume} lets it go on.
     */
    public void stall(Node node) {
        rememberReplicas(node);
        signal(node, "-STOP");
        stalled.add(node);
        killedAtNanos = System.nanoTime();
    }

    /** SIGCONT: a failed-over node learns it was replaced and turns replica of its successor. */
    public void resume(Node node) {
        signal(node, "-CONT");
        stalled.remove(node);
    }

    private void rememberReplicas(Node node) {
        List<Node> replicas = replicasOf(node);
        if (!replicas.isEmpty()) {
            replicasAtFault.put(node, replicas);
        }
    }

    private static void signal(Node node, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(node.pid()))
                    .redirectErrorStream(true)
                    .start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill " + signal + " " + node + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits until a replica that {@code killed} had when it was killed or stalled (else at the start) reports itself
     * primary and every live node reports {@code cluster_state:ok}; returns that replica and how long after the
     * {@link #kill} it was.
     */
    public Failover awaitFailover(Node killed, Duration limit) {
        List<Node> candidates = replicasAtFault.getOrDefault(killed, replicasAtStart.getOrDefault(killed, List.of()));
        if (candidates.isEmpty()) {
            throw new IllegalStateException(killed + " had no replica to take over");
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            for (Node replica : candidates) {
                if (replica.alive()
                        && "master".equals(role(replica))
                        && nodes.stream()
                                .filter(Node::alive)
                                .filter(node -> !stalled.contains(node))
                                .allMatch(this::clusterOk)) {
                    return new Failover(replica, Duration.ofNanos(System.nanoTime() - killedAtNanos));
                }
            }
            sleep(Duration.ofMillis(20));
        }
        throw new IllegalStateException("no replica of " + killed + " took over within " + limit + "; see the"
                + " redis.log files under " + folder);
    }

    /** Waits until every live node reports {@code cluster_state:ok}. */
    public void awaitOk(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!nodes.stream().filter(Node::alive).allMatch(this::clusterOk)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the cluster was not ok within " + limit + "; see the redis.log" + " files under " + folder);
            }
            sleep(Duration.ofMillis(50));
        }
    }

    /** {@code role} from INFO replication: master or slave; "unreachable" when the node does not answer. */
    public String role(Node node) {
        return infoField(node, "replication", "role").orElse("unreachable");
    }

    /** SIGTERM to every node still running (a clean stop), SIGKILL to any that lingers. Idempotent; never throws. */
    @Override
    public void close() {
        for (Node node : nodes) {
            if (node.alive()) {
                node.process.destroy();
            }
        }
        for (Node node : nodes) {
            try {
                if (!node.process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    node.process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                node.process.destroyForcibly();
            }
            RUNNING.remove(node.process);
        }
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }

    private static Node launch(Path folder) throws IOException {
        Files.createDirectories(folder);
        int port = freePortWithBus();
        Path config = folder.resolve("redis.conf");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "port " + port,
                        "bind 127.0.0.1",
                        "dir " + folder,
                        "logfile " + folder.resolve("redis.log"),
                        "daemonize no",
                        "cluster-enabled yes",
                        "cluster-config-file " + folder.resolve("nodes.conf"),
                        "cluster-node-timeout " + NODE_TIMEOUT.toMillis(),
                        "appendonly yes",
                        "appendfsync always",
                        "save \"\"",
                        "maxmemory 256mb",
                        "maxmemory-policy noeviction",
                        ""),
                StandardCharsets.UTF_8);
        Process process = new ProcessBuilder(
                        program("redis-server").orElseThrow().toString(), config.toString())
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        folder.resolve("stdout.log").toFile()))
                .start();
        RUNNING.add(process);
        return new Node(port, folder, process);
    }

    private void create(int replicasPerPrimary) throws IOException {
        List<String> command =
                new ArrayList<>(List.of(program("redis-cli").orElseThrow().toString(), "--cluster", "create"));
        command.addAll(nodes.stream().map(Node::address).toList());
        command.addAll(List.of("--cluster-replicas", Integer.toString(replicasPerPrimary), "--cluster-yes"));
        Path log = folder.resolve("cluster-create.log");
        Process create = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!create.waitFor(START_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                create.destroyForcibly();
                throw new IllegalStateException("redis-cli --cluster create did not finish within " + START_LIMIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (create.exitValue() != 0) {
            throw new IllegalStateException(
                    "redis-cli --cluster create failed (" + create.exitValue() + "): " + Files.readString(log));
        }
    }

    private void awaitAll(java.util.function.Predicate<Node> condition, String what) {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        for (Node node : nodes) {
            while (!condition.test(node)) {
                if (!node.alive()) {
                    throw new IllegalStateException(node + " exited; see " + node.folder.resolve("redis.log"));
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(node + " did not " + what + " within " + START_LIMIT);
                }
                sleep(Duration.ofMillis(50));
            }
        }
    }

    private boolean answers(Node node) {
        try {
            return "PONG".equals(call(node, RedisCommands::ping));
        } catch (RuntimeException notYet) {
            return false;
        }
    }

    /** A primary has nothing to wait for; a replica once its link to the primary is up and the first sync done. */
    private boolean inSync(Node node) {
        if ("master".equals(role(node))) {
            return true;
        }
        return infoField(node, "replication", "master_link_status")
                        .map("up"::equals)
                        .orElse(false)
                && infoField(node, "replication", "master_sync_in_progress")
                        .map("0"::equals)
                        .orElse(false);
    }

    private boolean clusterOk(Node node) {
        try {
            return call(node, RedisCommands::clusterInfo).contains("cluster_state:ok");
        } catch (RuntimeException unreachable) {
            return false;
        }
    }

    private Optional<String> infoField(Node node, String section, String field) {
        try {
            String info = call(node, redis -> redis.info(section));
            return info.lines()
                    .filter(line -> line.startsWith(field + ":"))
                    .map(line -> line.substring(field.length() + 1).trim())
                    .findFirst();
        } catch (RuntimeException unreachable) {
            return Optional.empty();
        }
    }

    /** CLUSTER NODES of the first live node that answers. */
    private List<String> clusterNodes() {
        for (Node node : nodes) {
            if (!node.alive()) {
                continue;
            }
            try {
                return call(node, RedisCommands::clusterNodes).lines().toList();
            } catch (RuntimeException unreachable) {
                // the next one
            }
        }
        throw new IllegalStateException("no node of the cluster answers");
    }

    private String idOf(Node node) {
        return call(node, RedisCommands::clusterMyId);
    }

    /** A free port whose cluster bus port (port + 10000) is free too. */
    private static int freePortWithBus() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                int port = socket.getLocalPort();
                if (port + 10_000 > 65_535) {
                    continue;
                }
                try (ServerSocket bus = new ServerSocket(port + 10_000, 1, InetAddress.getLoopbackAddress())) {
                    return port;
                } catch (IOException busTaken) {
                    // another
                }
            }
        }
        throw new UncheckedIOException(new IOException("no free port with a free cluster bus port"));
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
