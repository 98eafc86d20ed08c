package io.hongbao.bench.chaos;

import io.hongbao.bench.BenchResults;
import io.hongbao.bench.chaos.ChaosRun.Applied;
import io.hongbao.bench.chaos.ChaosStorm.Answer;
import io.hongbao.bench.http.targets.SetupApi;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bench chaos --topology}: the storm goes through HAProxy to the instances of the scale-out topology
 * ({@link ScriptedTopology}), and the seeded schedule hits one kind of component at a time: a database shard's
 * MariaDB, a Redis primary, an instance, each killed (-9) and started again, or frozen (SIGSTOP) and let go. Judged as
 * {@code bench chaos} judges, over every database shard's records; the report adds, per fault, the grabs sent while it
 * lasted and, for an instance, how long HAProxy took to stop sending to it.
 */
final class TopologyRun {

    private final ChaosCommand options;

    TopologyRun(ChaosCommand options) {
        this.options = options;
    }

    int run() throws Exception {
        Path work = BenchResults.folder(options.workDir, "chaos-topology");
        FaultSchedule schedule = FaultSchedule.seeded(options.seed, options.duration);
        ChaosReport report = new ChaosReport(options, schedule, work);
        report.planned();
        String secret = ChaosRun.randomSecret();
        TokenIssuer tokens = new TokenIssuer(new JwtSecret(secret.getBytes(StandardCharsets.UTF_8)));
        try (ScriptedTopology topology = ScriptedTopology.up(work, options, secret)) {
            System.out.println("topology: " + topology.describe());
            System.out.println("the schedule's targets here: service = the last instance, mariadb = the last database"
                    + " shard's MariaDB, redis = whichever Redis node is a primary when the fault comes");
            SetupApi api = new SetupApi(topology.baseUrl());
            String admin = tokens.issue(ChaosRun.ADMIN, true, ChaosRun.TOKEN_LIFE);
            List<String> packets = ChaosRun.sendPackets(options, api, tokens, admin);
            ChaosStorm storm = ChaosRun.startStorm(options, topology.baseUrl(), packets, tokens);
            List<BalancerWatch> watches = new ArrayList<>();
            List<Applied> applied = ChaosRun.applyFaults(
                    schedule,
                    options.duration,
                    target -> switch (target) {
                        case DATABASE -> topology.lastDatabaseShard();
                        case REDIS -> primary(topology);
                        case SERVICE -> {
                            BalancerWatch watch = new BalancerWatch(topology, topology.lastInstance());
                            watches.add(watch);
                            yield watch;
                        }
                    },
                    storm);
            List<Answer> answers = storm.stop();
            ChaosJudge judge = new ChaosJudge(new ServiceRecords(topology.shardUrls()), api, admin);
            Duration drained = judge.awaitRecorded(answers, packets, ChaosRun.DRAIN_LIMIT);
            ChaosJudge.Result result = judge.judge(answers, packets);
            report.outcome(applied, answers, drained, result);
            for (BalancerWatch watch : watches) {
                System.out.println("balancer: " + watch.describe());
            }
            return result.correct() ? 0 : 1;
        }
    }

    private static Victim primary(ScriptedTopology topology) {
        try {
            return topology.aRedisPrimary();
        } catch (Exception e) {
            throw new IllegalStateException("no Redis primary to hurt", e);
        }
    }

    /**
     * An instance as a victim, and how long after it was hit HAProxy marked it DOWN (its checks every second, half a
     * second after a failure, two failures), watched every 50 ms while the fault lasts.
     */
    private static final class BalancerWatch implements Victim {

        private final ScriptedTopology topology;
        private final Victim instance;
        private volatile long hit;
        private volatile Duration takenOut;
        private String fault = "";

        BalancerWatch(ScriptedTopology topology, Victim instance) {
            this.topology = topology;
            this.instance = instance;
        }

        @Override
        public void kill() throws Exception {
            fault = "kill -9 " + instance;
            watch();
            instance.kill();
        }

        @Override
        public void restart() throws Exception {
            instance.restart();
        }

        @Override
        public void stall() {
            fault = "SIGSTOP " + instance;
            watch();
            instance.stall();
        }

        @Override
        public void resume() {
            instance.resume();
        }

        String describe() {
            return fault + ": HAProxy took it out "
                    + (takenOut == null ? "never while the fault lasted" : takenOut.toMillis() + " ms after");
        }

        private void watch() {
            hit = System.nanoTime();
            Thread watcher = new Thread(
                    () -> {
                        long until = hit + Duration.ofSeconds(30).toNanos();
                        while (System.nanoTime() < until) {
                            if ("DOWN".equals(topology.balancerStatus(topology.instances()))) {
                                takenOut = Duration.ofNanos(System.nanoTime() - hit);
                                return;
                            }
                            try {
                                Thread.sleep(50);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    },
                    "balancer-watch");
            watcher.setDaemon(true);
            watcher.start();
        }
    }
}
