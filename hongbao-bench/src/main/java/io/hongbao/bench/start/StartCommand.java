package io.hongbao.bench.start;

import io.hongbao.bench.http.RealisticOptions;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.RealisticShape;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hongbao-bench start}: how fast the service is ready, and how fast it serves right after, for a candidate
 * build and optionally a baseline, side by side, round after round.
 */
@Command(
        name = "start",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Start-up: per round and per target (the order alternating each round), a first start on an empty data"
                    + " folder (embedded mode) to readiness, then bench http's realistic data set up through the API;"
                    + " a restart on that folder to readiness, at once followed by the realistic grab load (first"
                    + " 10 s ÷ steady); a start in external mode (Redis and MariaDB already running) to readiness."
                    + " Reports median and range per figure and target, candidate ÷ baseline, and each start's"
                    + " WARN/ERROR lines; writes report.txt and report.json beside the logs."
        })
public final class StartCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--candidate",
            paramLabel = "DIR",
            defaultValue = "hongbao-service/target/hongbao",
            description = "the build measured: a fast-form folder (hongbao-exec.jar extracted, and hongbao.jsa when"
                    + " the build made one), or an executable jar (${DEFAULT-VALUE})")
    Path candidate;

    @Option(
            names = "--baseline",
            paramLabel = "DIR",
            description = "the build compared against, in the same form; absent, only the candidate is measured")
    Path baseline;

    @Option(names = "--runs", defaultValue = "3", description = "rounds, each target once per round (${DEFAULT-VALUE})")
    int runs;

    @Option(
            names = "--load-seconds",
            defaultValue = "60",
            description = "the grab load after each restart, in seconds; at least 10 (${DEFAULT-VALUE})")
    int loadSeconds;

    @Option(
            names = "--java",
            paramLabel = "PATH",
            description = "the java executable the targets run on (default: the one running the bench); a target's"
                    + " class-data archive only serves the JDK that made it")
    String java;

    @Option(
            names = "--jvm-args",
            defaultValue = "",
            description = "JVM options for every start, split at spaces (default none: the JVM's defaults, as the"
                    + " README's command)")
    String jvmArgs;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "results folder: logs, report.txt, report.json (default bench-results/start-<time>)")
    Path out;

    @Option(
            names = "--connections",
            defaultValue = "64",
            description = "keep-alive connections of the closed-loop load, as bench http's default (${DEFAULT-VALUE})")
    int connections;

    @Option(
            names = "--expected-rate",
            defaultValue = "8000",
            description = "grabs/s the restart's load is assumed to reach, for sizing its packets (sent during the"
                    + " first start): too low and the load sells out, too high and the set-up takes longer"
                    + " (${DEFAULT-VALUE})")
    double expectedRate;

    @Option(
            names = "--users",
            defaultValue = "1000000",
            description = "realistic: distinct grabbers, each with its own token (${DEFAULT-VALUE})")
    int users;

    @Mixin
    RealisticOptions realistic = new RealisticOptions();

    @Option(
            names = "--keep-data",
            description = "keep the data folders (each start's, a few hundred MB, and the external servers'); by"
                    + " default each is deleted once used, the logs kept")
    boolean keepData;

    @Override
    public Integer call() throws Exception {
        List<TargetForm> targets = targets();
        require(runs >= 1, "--runs must be at least 1");
        require(loadSeconds >= 10, "--load-seconds must be at least 10 (the first 10 s are a figure)");
        require(connections >= 1 && expectedRate > 0, "--connections and --expected-rate must be positive");
        return new StartBench(this, targets).run();
    }

    List<TargetForm> targets() {
        List<TargetForm> targets = new ArrayList<>();
        try {
            targets.add(new TargetForm("candidate", candidate));
            if (baseline != null) {
                targets.add(new TargetForm("baseline", baseline));
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        return targets;
    }

    String javaExecutable() {
        return TargetForm.javaExecutable(java);
    }

    List<String> jvmArgList() {
        return TargetForm.jvmArgList(jvmArgs);
    }

    Duration loadDuration() {
        return Duration.ofSeconds(loadSeconds);
    }

    /** Closed loop, no warm-up: the load starts the moment the service is ready. */
    LoadSettings loadSettings() {
        return new LoadSettings(connections, Duration.ZERO, loadDuration(), 0, Duration.ofSeconds(5), 2);
    }

    RealisticShape shape() {
        try {
            return realistic.shape(users, 0, 100);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private void require(boolean condition, String message) {
        if (!condition) {
            throw new CommandLine.ParameterException(spec.commandLine(), message);
        }
    }
}
