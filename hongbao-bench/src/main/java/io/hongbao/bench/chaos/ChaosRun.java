package io.hongbao.bench.chaos;

import io.hongbao.bench.BenchResults;
import io.hongbao.bench.chaos.ChaosStorm.Answer;
import io.hongbao.bench.chaos.FaultSchedule.Fault;
import io.hongbao.bench.http.targets.SetupApi;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/** One chaos run: servers and service up, packets sent, the storm with its faults, the judgement. */
final class ChaosRun {

    static final long ADMIN = 1;
    private static final long SENDER = 3_000_000_001L;
    private static final long FIRST_USER = 4_000_000_000L;
    static final Duration TOKEN_LIFE = Duration.ofHours(12);
    static final Duration DRAIN_LIMIT = Duration.ofMinutes(5);
    private static final Duration RECOVERY_LIMIT = Duration.ofMinutes(2);

    private final ChaosCommand options;

    ChaosRun(ChaosCommand options) {
        this.options = options;
    }

    /**
     * What was done, and how the service came through it.
     *
     * @param from when the fault hit, {@code System.nanoTime()}
     * @param to when its target was back (restarted or resumed)
     */
    record Applied(Fault fault, Duration at, Duration away, Duration recovery, long from, long to) {}

    int run() throws Exception {
        Path work = BenchResults.folder(options.workDir, "chaos");
        FaultSchedule schedule = FaultSchedule.seeded(options.seed, options.duration);
        ChaosReport report = new ChaosReport(options, schedule, work);
        report.planned();
        String secret = randomSecret();
        TokenIssuer tokens = new TokenIssuer(new JwtSecret(secret.getBytes(StandardCharsets.UTF_8)));
        try (ChaosServers servers = ChaosServers.start(work.resolve("servers"))) {
            Map<String, String> env = new HashMap<>(servers.serviceEnv());
            env.put("HONGBAO_JWT_SECRET", secret);
            env.put("HONGBAO_DATA_DIR", work.resolve("service").toAbsolutePath().toString());
            // the set-up sends every packet from one sender, far over the per-user send limit
            env.put("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");
            // a short warm-up: the service is restarted under load, and must come back quickly
            env.put("HONGBAO_REDPACKET_WARMUP_REQUESTS", "2000");
            List<String> jvmArgs = Arrays.asList(options.jvmArgs.trim().split("\\s+"));
            try (ChaosService service =
                    ChaosService.start(options.serviceJar, jvmArgs, env, work.resolve("service.log"))) {
                SetupApi api = new SetupApi(service.baseUrl());
                String admin = tokens.issue(ADMIN, true, TOKEN_LIFE);
                List<String> packets = sendPackets(options, api, tokens, admin);
                ChaosStorm storm = startStorm(options, service.baseUrl(), packets, tokens);
                List<Applied> applied = applyFaults(
                        schedule,
                        options.duration,
                        target -> switch (target) {
                            case REDIS -> servers.redis();
                            case DATABASE -> servers.mariaDb();
                            case SERVICE -> service;
                        },
                        storm);
                List<Answer> answers = storm.stop();
                ChaosJudge judge = new ChaosJudge(new ServiceRecords(List.of(servers.jdbcUrl())), api, admin);
                Duration drained = judge.awaitRecorded(answers, packets, DRAIN_LIMIT);
                ChaosJudge.Result result = judge.judge(answers, packets);
                report.outcome(applied, answers, drained, result);
                return result.correct() ? 0 : 1;
            }
        }
    }

    /**
     * Applies the schedule to the running storm, one fault at a time, each to the victim {@code victims} names for its
     * target, and lets the storm run out {@code duration}.
     */
    static List<Applied> applyFaults(
            FaultSchedule schedule, Duration duration, Function<FaultSchedule.Target, Victim> victims, ChaosStorm storm)
            throws Exception {
        long start = System.nanoTime();
        List<Applied> applied = new ArrayList<>();
        for (Fault fault : schedule.faults()) {
            sleepUntil(start, fault.at());
            Victim victim = victims.apply(fault.target());
            long hit = System.nanoTime();
            if (fault.kind() == FaultSchedule.Kind.KILL) {
                victim.kill();
                Thread.sleep(fault.length().toMillis());
                victim.restart();
            } else {
                victim.stall();
                Thread.sleep(fault.length().toMillis());
                victim.resume();
            }
            long back = System.nanoTime();
            Duration recovery = storm.awaitNextDecided(RECOVERY_LIMIT);
            applied.add(new Applied(
                    fault, Duration.ofNanos(hit - start), Duration.ofNanos(back - hit), recovery, hit, back));
        }
        sleepUntil(start, duration);
        return applied;
    }

    /** The storm the options describe, on {@code packets}, by users signed by {@code tokens}. */
    static ChaosStorm startStorm(ChaosCommand options, String baseUrl, List<String> packets, TokenIssuer tokens) {
        return ChaosStorm.start(
                baseUrl,
                packets,
                user -> tokens.issue(user, false, TOKEN_LIFE),
                FIRST_USER,
                options.users,
                options.clients,
                options.timeout,
                options.seed);
    }

    /** The run's packets, all from one sender given the money first: their ids. */
    static List<String> sendPackets(ChaosCommand options, SetupApi api, TokenIssuer tokens, String admin)
            throws Exception {
        long total = options.shares * options.centsPerShare;
        api.post(
                "/api/v1/admin/accounts/" + SENDER + "/deposits",
                admin,
                "{\"amount\":" + total * options.packets + "}");
        String sender = tokens.issue(SENDER, false, TOKEN_LIFE);
        String body = "{\"totalAmount\":" + total + ",\"count\":" + options.shares
                + ",\"type\":\"RANDOM\",\"greeting\":\"chaos\",\"expiresInSeconds\":86400}";
        List<String> ids = new ArrayList<>();
        for (JsonNode packet : api.postMany(options.packets, "/api/v1/packets", () -> sender, () -> body)) {
            ids.add(packet.get("id").asString());
        }
        return ids;
    }

    private static void sleepUntil(long start, Duration offset) throws InterruptedException {
        long left = start + offset.toNanos() - System.nanoTime();
        if (left > 0) {
            Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
        }
    }

    static String randomSecret() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
