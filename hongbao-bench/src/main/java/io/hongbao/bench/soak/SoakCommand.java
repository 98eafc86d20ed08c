package io.hongbao.bench.soak;

import io.hongbao.bench.http.DurationConverter;
import io.hongbao.bench.http.RealisticOptions;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.RealisticShape;
import io.hongbao.bench.start.TargetForm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code hongbao-bench soak}: the service's memory over a long run at a steady rate. */
@Command(
        name = "soak",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Memory soak: starts the candidate in embedded mode on a fresh data folder, sets up bench http's realistic"
                    + " data with shares for the whole run, then grabs at a steady rate (open model) and samples the"
                    + " heap in use and the RSS. Verdict: growth when the last sixth's mean RSS is more than 5 %% above"
                    + " the second sixth's, or the second half's least-squares slope is more than 2 %% of its mean per"
                    + " 10 min. Then waits for the persister and asks for the audit. Writes soak.json, soak.csv,"
                    + " soak.txt and soak.html."
        })
public final class SoakCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--candidate",
            paramLabel = "DIR",
            defaultValue = "hongbao-service/target/hongbao",
            description = "the build soaked: a fast-form folder (hongbao-exec.jar extracted, and hongbao.jsa when the"
                    + " build made one), or an executable jar (${DEFAULT-VALUE})")
    Path candidate;

    @Option(names = "--rate", defaultValue = "1000", description = "grabs/s, open model (${DEFAULT-VALUE})")
    double rate;

    @Option(
            names = "--duration",
            defaultValue = "30m",
            converter = DurationConverter.class,
            description = "how long the load runs: 30m, 90s, 2h, PT30M (${DEFAULT-VALUE})")
    Duration duration;

    @Option(
            names = "--sample-every",
            defaultValue = "10s",
            converter = DurationConverter.class,
            description = "heap, RSS, answers/s and errors are sampled this often (${DEFAULT-VALUE})")
    Duration sampleEvery;

    @Option(
            names = "--java",
            paramLabel = "PATH",
            description = "the java executable the service runs on (default: the one running the bench)")
    String java;

    @Option(
            names = "--jvm-args",
            defaultValue = "-Xmx1g",
            description = "the service's JVM options, split at spaces (${DEFAULT-VALUE})")
    String jvmArgs;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "results folder: the service's log and data, the reports (default bench-results/soak-<time>)")
    Path out;

    @Option(
            names = "--connections",
            defaultValue = "64",
            description = "keep-alive connections the open-model schedule is spread over (${DEFAULT-VALUE})")
    int connections;

    @Option(
            names = "--users",
            defaultValue = "1000000",
            description = "realistic: distinct grabbers, each with its own token (${DEFAULT-VALUE})")
    int users;

    @Mixin
    RealisticOptions realistic = new RealisticOptions();

    @Override
    public Integer call() throws Exception {
        require(rate > 0, "--rate must be positive");
        require(connections >= 1, "--connections must be at least 1");
        require(!sampleEvery.isNegative() && !sampleEvery.isZero(), "--sample-every must be positive");
        require(
                duration.compareTo(sampleEvery.multipliedBy(6)) >= 0,
                "--duration must hold at least 6 samples (one in each sixth)");
        TargetForm target;
        try {
            target = new TargetForm("candidate", candidate);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        return new SoakBench(this, target).run();
    }

    String javaExecutable() {
        return TargetForm.javaExecutable(java);
    }

    List<String> jvmArgList() {
        return TargetForm.jvmArgList(jvmArgs);
    }

    LoadSettings loadSettings() {
        return new LoadSettings(connections, Duration.ZERO, duration, rate, Duration.ofSeconds(5), 2);
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
