package io.hongbao.bench.strategies;

import io.hongbao.bench.strategies.Workload.Plan;
import io.hongbao.lab.application.Judging;
import io.hongbao.lab.application.Verdict;
import io.hongbao.lab.model.GrabStrategies;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.NonBlockingGrabStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.springframework.context.ConfigurableApplicationContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code strategies}: the same grab storm through each strategy of the lab, then a table, a JSON file and an HTML
 * chart of speed and correctness side by side (docs/strategies.md explains each strategy).
 */
@Command(
        name = "strategies",
        mixinStandardHelpOptions = true,
        description = "Run one grab workload through each strategy of the lab and compare speed and correctness.")
public final class StrategiesCommand implements Callable<Integer> {

    @Option(names = "--strategies", split = ",", description = "which strategies, comma-separated (default: all)")
    List<String> strategies;

    @Option(names = "--packets", defaultValue = "40", description = "packets per run (${DEFAULT-VALUE})")
    int packets;

    @Option(names = "--shares", defaultValue = "50", description = "shares per packet (${DEFAULT-VALUE})")
    int shares;

    @Option(names = "--users", defaultValue = "6000", description = "distinct users (${DEFAULT-VALUE})")
    int users;

    @Option(
            names = "--attempts-per-user",
            defaultValue = "2",
            description = "random packets each user tries (${DEFAULT-VALUE})")
    int attemptsPerUser;

    @Option(
            names = "--duplicate-rate",
            defaultValue = "0.25",
            description = "chance that an attempt is repeated at once (${DEFAULT-VALUE})")
    double duplicateRate;

    @Option(names = "--threads", defaultValue = "16", description = "calling threads (${DEFAULT-VALUE})")
    int threads;

    @Option(
            names = "--max-seconds",
            defaultValue = "30",
            description = "stop a strategy's storm after this long (${DEFAULT-VALUE})")
    int maxSeconds;

    @Option(
            names = "--warmup-seconds",
            defaultValue = "3",
            description = "an unmeasured run of the same workload per strategy first, for the JIT (${DEFAULT-VALUE})")
    int warmupSeconds;

    @Option(names = "--seed", defaultValue = "20261122", description = "workload seed (${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--json",
            defaultValue = "bench-results/strategies.json",
            description = "where to write the JSON; the HTML chart goes next to it (${DEFAULT-VALUE})")
    Path json;

    @Override
    public Integer call() throws Exception {
        Workload workload = new Workload(packets, shares, users, attemptsPerUser, duplicateRate, seed);
        Plan plan = workload.plan();
        System.out.printf(
                "Workload: %d packets x %d shares = %d shares; %d users, %d attempts (duplicates included);"
                        + " %d threads (a non-blocking strategy: %d attempts in flight); at most %d s per strategy%n",
                packets, shares, workload.totalShares(), users, plan.size(), threads, threads, maxSeconds);
        List<StrategyReport> reports = new ArrayList<>();
        try (ConfigurableApplicationContext context = LabContext.start(overrides())) {
            GrabStrategies catalogue = context.getBean(GrabStrategies.class);
            List<String> chosen = strategies == null ? catalogue.names() : strategies;
            for (String name : chosen) {
                if (!catalogue.names().contains(name)) {
                    System.err.printf("No strategy named %s. Known: %s%n", name, String.join(",", catalogue.names()));
                    return 2;
                }
            }
            for (String name : chosen) {
                reports.add(runOne(catalogue, name, workload, plan));
            }
        }
        System.out.println();
        System.out.print(ReportTable.render(reports));
        write(reports, workload, plan);
        return reports.stream().allMatch(StrategyReport::correct) ? 0 : 1;
    }

    private Map<String, Object> overrides() {
        Map<String, Object> overrides = new LinkedHashMap<>();
        // One connection per calling thread plus the writers, so the pool is not what is measured.
        overrides.put("hongbao.db.pool-size", threads + 4);
        overrides.put("hongbao.db.blocking-threads", 4);
        overrides.put("logging.level.root", "WARN");
        // The driver logs every duplicate-key refusal, which several strategies rely on.
        overrides.put("logging.level.org.mariadb.jdbc", "ERROR");
        if (System.getenv("HONGBAO_DATA_DIR") == null && System.getProperty("hongbao.data-dir") == null) {
            // Embedded servers in a folder of their own, apart from the servers of a service that may be running.
            overrides.put("hongbao.data-dir", "data/bench");
        }
        return overrides;
    }

    private StrategyReport runOne(GrabStrategies catalogue, String name, Workload workload, Plan plan)
            throws InterruptedException {
        if (warmupSeconds > 0) {
            warmUp(catalogue, name, workload, plan);
        }
        LabRun run = workload.packetsFor(catalogue.newRun(name));
        try (GrabStrategy strategy = catalogue.open(name)) {
            strategy.prepare(run);
            Storm.Result storm;
            try (ProgressBar bar = progressBar(name, plan.size())) {
                storm = Storm.run(strategy, run, plan, threads, Duration.ofSeconds(maxSeconds), bar);
            }
            Double meanBatch = strategy instanceof NonBlockingGrabStrategy coalescing ? coalescing.meanBatch() : null;
            long drainStart = System.nanoTime();
            boolean drained = strategy.awaitPersisted(Duration.ofSeconds(60));
            long drainMillis = (System.nanoTime() - drainStart) / 1_000_000;
            if (!drained) {
                System.out.printf("%s: not everything was persisted within 60 s%n", name);
            }
            if (storm.firstError() != null) {
                System.out.printf("%s: %d errors, the first: %s%n", name, storm.errors(), storm.firstError());
            }
            Verdict verdict = Judging.judge(strategy.audit(), storm.attempts());
            return report(name, storm, verdict, drainMillis, meanBatch);
        }
    }

    /** The same storm on a throwaway run, bounded in time, so the measured run meets compiled code. */
    private void warmUp(GrabStrategies catalogue, String name, Workload workload, Plan plan)
            throws InterruptedException {
        LabRun run = workload.packetsFor(catalogue.newRun(name + " (warm-up)"));
        try (GrabStrategy strategy = catalogue.open(name);
                ProgressBar bar = progressBar(name + " warm-up", plan.size())) {
            strategy.prepare(run);
            Storm.run(strategy, run, plan, threads, Duration.ofSeconds(warmupSeconds), bar);
            strategy.awaitPersisted(Duration.ofSeconds(60));
        }
    }

    private static ProgressBar progressBar(String name, int attempts) {
        return new ProgressBarBuilder()
                .setTaskName(String.format("%-22s", name))
                .setInitialMax(attempts)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .showSpeed()
                .build();
    }

    static StrategyReport report(String name, Storm.Result storm, Verdict verdict, long drainMillis, Double meanBatch) {
        long already = storm.attempts().stream()
                .filter(a -> a.outcome() instanceof LabOutcome.AlreadyGrabbed)
                .count();
        long soldOut = storm.attempts().stream()
                .filter(a -> a.outcome() instanceof LabOutcome.SoldOut)
                .count();
        return new StrategyReport(
                name,
                verdict.attempts(),
                storm.answeredPerSecond(),
                storm.latencies().getValueAtPercentile(50),
                storm.latencies().getValueAtPercentile(99),
                verdict.granted(),
                verdict.persisted(),
                verdict.overIssued(),
                verdict.duplicateGrabs(),
                verdict.conserved(),
                verdict.unfairMisses(),
                already,
                soldOut,
                storm.errors(),
                storm.sellOutMillis(),
                drainMillis,
                meanBatch,
                verdict.correct() && storm.errors() == 0);
    }

    private void write(List<StrategyReport> reports, Workload workload, Plan plan) throws Exception {
        String subtitle = String.format(
                "%s · %d packets × %d shares, %d users, %d attempts, %d threads, %d cores",
                Instant.now().truncatedTo(ChronoUnit.SECONDS),
                workload.packets(),
                workload.shares(),
                workload.users(),
                plan.size(),
                threads,
                Runtime.getRuntime().availableProcessors());
        Path html = ReportFiles.write(json, reports, subtitle);
        System.out.printf("%nJSON: %s%nChart: %s%n%n%s", json.toAbsolutePath(), html, ReportTable.markdown(reports));
    }
}
