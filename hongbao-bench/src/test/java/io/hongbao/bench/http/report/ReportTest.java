package io.hongbao.bench.http.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hongbao.bench.http.measure.CpuUsage;
import io.hongbao.bench.http.measure.LatencySummary;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.measure.ServiceWindow;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.bench.http.targets.Persistence;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportTest {

    static TargetRun run(String target, int run, double rps, double p99) {
        LatencySummary latency = new LatencySummary(1000, 1, 1, 2, p99, p99 * 2, p99 * 3, p99 * 4);
        CpuUsage cpu = new CpuUsage(1.9, 0.1, Map.of("target", 1.0, "redis", 0.2), 100, 2.5);
        Measurement measurement = new Measurement(
                60,
                (long) (rps * 60),
                rps,
                rps / 2,
                latency,
                latency,
                5_000,
                Map.of(Outcome.GRABBED, (long) (rps * 57), Outcome.ALREADY_GRABBED, (long) (rps * 3)),
                Map.of(),
                0,
                (long) (rps * 70),
                List.of(),
                cpu,
                target.equals("hongbao") ? rps * 57 / 60 : -1);
        Persistence persistence = target.equals("hongbao")
                ? new Persistence(0.4, (long) (rps * 70), (long) (rps * 70), true, 0.2, List.of())
                : null;
        ServiceWindow service = target.equals("hongbao") ? window(0.1 * run, 2.0 * run) : null;
        return new TargetRun(target, run, 100, measurement, persistence, service);
    }

    /** A million token checks and a million grabs in script calls, at this hit rate and mean batch. */
    static ServiceWindow window(double hitRate, double batch) {
        return new ServiceWindow(1e6, hitRate * 1e6, hitRate, 1e6 / batch, 1e6, batch);
    }

    @Test
    void theRatioIsTakenRunByRunThenSummarised() {
        Report report = Report.of(
                "now",
                Map.of(),
                "closed",
                List.of(
                        run("hongbao", 1, 20_000, 5),
                        run("peer", 1, 10_000, 9),
                        run("hongbao", 2, 18_000, 6),
                        run("peer", 2, 6_000, 12),
                        run("hongbao", 3, 24_000, 4),
                        run("peer", 3, 10_000, 8)));
        assertThat(report.ratios()).containsExactly(2.0, 3.0, 2.4);
        assertThat(report.throughputRatio()).isEqualTo(new Stats(2.4, 2.0, 3.0, 3));
        TargetSummary hongbao = report.summaries().get("hongbao");
        assertThat(hongbao.requestsPerSecond()).isEqualTo(new Stats(20_000, 18_000, 24_000, 3));
        assertThat(hongbao.p99().median()).isEqualTo(5);
        assertThat(hongbao.drainSeconds().median()).isEqualTo(0.4);
        assertThat(hongbao.everyAuditOk()).isTrue();
        assertThat(report.summaries().get("peer").drainSeconds().n()).isZero();
    }

    /** {@code run} followed by a draw phase at {@code drawsPerSecond}: service 1.2 cores, Redis 0.3, MariaDB 0.6. */
    static TargetRun withDraws(TargetRun run, double drawsPerSecond) {
        LatencySummary latency = new LatencySummary(1000, 3, 3, 6, 30, 40, 50, 60);
        CpuUsage cpu =
                new CpuUsage(1.95, 0.05, Map.of("target", 1.2, "redis", 0.3, "mariadb", 0.6, "bench", 0.1), 0, 3.0);
        long draws = (long) (drawsPerSecond * 60);
        Measurement measurement = new Measurement(
                60,
                draws,
                drawsPerSecond,
                drawsPerSecond,
                latency,
                latency,
                0,
                Map.of(Outcome.DRAWN, draws - 1, Outcome.HTTP_ERROR, 1L),
                Map.of("429", 1L),
                1,
                0,
                List.of(),
                cpu,
                -1);
        return new TargetRun(
                run.target(),
                run.run(),
                run.packets(),
                run.measurement(),
                run.persistence(),
                run.service(),
                measurement);
    }

    @Test
    void drawsAreSummarisedBesideTheGrabsOfTheSameRunWithCpuPerDrawPerProcess() {
        Report report = Report.of(
                "now",
                Map.of(),
                "closed",
                List.of(
                        withDraws(run("hongbao", 1, 20_000, 5), 2_000),
                        run("peer", 1, 10_000, 9),
                        withDraws(run("hongbao", 2, 10_000, 6), 3_000),
                        withDraws(run("hongbao", 3, 12_000, 6), 6_000)));

        assertThat(report.draws()).containsOnlyKeys("hongbao");
        DrawSummary draws = report.draws().get("hongbao");
        assertThat(draws.runs()).isEqualTo(3);
        assertThat(draws.drawsPerSecond()).isEqualTo(new Stats(3_000, 2_000, 6_000, 3));
        assertThat(draws.drawsPerGrab()).isEqualTo(new Stats(0.3, 0.1, 0.5, 3));
        assertThat(draws.targetMicrosPerDraw().max()).isCloseTo(600, within(1e-9)); // 1.2 cores at 2,000/s
        assertThat(draws.redisMicrosPerDraw().median()).isCloseTo(100, within(1e-9)); // 0.3 cores at 3,000/s
        assertThat(draws.mariadbMicrosPerDraw().min()).isCloseTo(100, within(1e-9)); // 0.6 cores at 6,000/s
        assertThat(draws.p99().median()).isEqualTo(30);
        assertThat(draws.errors()).isEqualTo(3);

        String text = TextReport.render(report);
        assertThat(text)
                .contains(
                        "| hongbao | 1 | 2,000 | 3.00 | 6.00 | 30.00 | 40.00 | 60.0 | 30.00 | 1 | drawn 100.0%, http_error 0.0%")
                .contains("1.20 / 0.30 / 0.60 / 0.10 / 0.05 (1.95) | 600 | 150 | 300 | 3.00 | 0.10 |")
                .contains(
                        "| hongbao | 3 | 3,000 (2,000–6,000) | 3.00 (3.00–3.00) | 30.00 (30.00–30.00) | 0.30 (0.10–0.50)")
                .contains(
                        "Draws/s ÷ grabs/s hongbao (same service, same run): 0.30x median, range 0.10–0.50 over 3 runs");
    }

    /** {@code run}'s draw phase again, with keys, at {@code keyedPerSecond} on the same cores. */
    static TargetRun withKeyedDraws(TargetRun run, double keyedPerSecond) {
        return new TargetRun(
                run.target(),
                run.run(),
                run.packets(),
                run.measurement(),
                run.persistence(),
                run.service(),
                run.draws(),
                run.events(),
                withDraws(run, keyedPerSecond).draws());
    }

    @Test
    void keyedDrawsAreSummarisedApartAndComparedWithTheUnkeyedOfTheSameRunPerProcess() {
        Report report = Report.of(
                "now",
                Map.of(),
                "closed",
                List.of(
                        withKeyedDraws(withDraws(run("hongbao", 1, 20_000, 5), 2_000), 1_000),
                        withKeyedDraws(withDraws(run("hongbao", 2, 10_000, 6), 3_000), 3_000),
                        withKeyedDraws(withDraws(run("hongbao", 3, 12_000, 6), 6_000), 4_000)));

        assertThat(report.draws()).containsOnlyKeys("hongbao", "hongbao keyed");
        DrawSummary keyed = report.draws().get("hongbao keyed");
        assertThat(keyed.drawsPerSecond()).isEqualTo(new Stats(3_000, 1_000, 4_000, 3));
        // The same cores over fewer draws: 1.2 cores at 1,000/s is 1,200 µs against 600 at 2,000/s.
        assertThat(keyed.targetMicrosPerDraw().max()).isCloseTo(1_200, within(1e-9));
        assertThat(report.runs().get(0).keyedOverUnkeyed("target")).isCloseTo(2.0, within(1e-9));
        assertThat(report.runs().get(2).keyedOverUnkeyed("mariadb")).isCloseTo(1.5, within(1e-9));

        String text = TextReport.render(report);
        assertThat(text)
                .contains("| hongbao keyed | 1 | 1,000 |")
                .contains("Keyed ÷ unkeyed draws, target CPU per draw, hongbao (same service, same run): 1.50x median,"
                        + " range 1.00–2.00 over 3 runs");
    }

    /** {@code run} with MariaDB measured at {@code cores} over its window. */
    static TargetRun withMariadb(TargetRun run, double cores) {
        CpuUsage cpu = new CpuUsage(1.9, 0.1, Map.of("target", 1.0, "mariadb", cores), 100, 2.5);
        return changed(run, run.measurement().answersPerSecond(), cpu);
    }

    @Test
    void theShardedTargetsMariaDbCpuPerGrantIsComparedWithOneDatabaseRunByRun() {
        String sharded = HongbaoTarget.shardedTargetName(4);
        // 57 of each 60 requests are grants: at 10,000 req/s, 9,500 grants/s; 0.95 cores is 100 µs per grant.
        Report report = Report.of(
                "now",
                Map.of("alsoDbShards", 4),
                "closed",
                List.of(
                        withMariadb(run("hongbao", 1, 10_000, 5), 0.95),
                        withMariadb(run(sharded, 1, 10_000, 5), 1.14),
                        withMariadb(run("hongbao", 2, 10_000, 5), 0.95),
                        withMariadb(run(sharded, 2, 5_000, 5), 0.57),
                        withMariadb(run("hongbao", 3, 20_000, 5), 1.9),
                        withMariadb(run(sharded, 3, 20_000, 5), 2.85)));

        assertThat(Report.mariadbMicrosPerGrant(report.runs().get(1))).isCloseTo(120, within(1e-9));
        assertThat(TextReport.render(report))
                .contains("MariaDB CPU per grant, hongbao-4-db-shards vs hongbao (one database): 120 µs (120–150)"
                        + " vs 100 µs (100–100); ratio 1.20x median, range 1.20–1.50 over 3 runs; throughput ratio"
                        + " 1.00x (0.50–1.00)");
    }

    @Test
    void withoutADrawPhaseTheReportHasNoDraws() {
        Report report = Report.of("now", Map.of(), "closed", List.of(run("hongbao", 1, 20_000, 5)));

        assertThat(report.draws()).isEmpty();
        assertThat(report.runs().get(0).drawsPerGrab()).isNaN();
        assertThat(TextReport.render(report)).doesNotContain("draws/s");
    }

    @Test
    void withOnlyOneTargetThereIsNoRatio() {
        Report report = Report.of("now", Map.of(), "closed", List.of(run("peer", 1, 10_000, 9)));
        assertThat(report.ratios()).isEmpty();
        assertThat(report.throughputRatio().n()).isZero();
    }

    @Test
    void theTextReportShowsEachRunAndTheRatio() {
        Report report =
                Report.of("now", Map.of(), "closed", List.of(run("hongbao", 1, 20_000, 5), run("peer", 1, 10_000, 9)));
        String text = TextReport.render(report);
        assertThat(text)
                .contains(
                        "| hongbao | 1 | 20,000 | 1.00 | 2.00 | 5.00 | 10.00 | 20.0 | 5.00 | 0 | grabbed 95.0%, already 5.0%")
                .contains("1.00 / 0.20 / ? / ? / 0.10 (1.90)")
                .contains("| 100 | 2.50 | 19,000 | 19,000 | 0.40 | ok |")
                .contains("| 100 | 2.50 | 9,500 | – | – | – |")
                .contains("Throughput ratio hongbao/peer: 2.00x median, range 2.00–2.00 over 1 runs");
    }

    @Test
    void theReportCarriesTheProfileTheTokenCacheHitRateAndTheMeanCoalescedBatch() throws Exception {
        Map<String, Object> settings = new java.util.LinkedHashMap<>();
        settings.put("profile", "realistic");
        settings.put("profileParameters", Map.of("users", 1_000_000));
        Report report = Report.of(
                "now",
                settings,
                "closed",
                List.of(
                        run("hongbao", 1, 20_000, 5),
                        run("peer", 1, 10_000, 9),
                        run("hongbao", 2, 18_000, 6),
                        run("hongbao", 3, 19_000, 6)));

        TargetSummary hongbao = report.summaries().get("hongbao");
        assertThat(hongbao.tokenCacheHitRate().median()).isCloseTo(0.2, within(1e-9));
        assertThat(hongbao.tokenCacheHitRate().min()).isCloseTo(0.1, within(1e-9));
        assertThat(hongbao.meanCoalescedBatch()).isEqualTo(new Stats(4.0, 2.0, 6.0, 3));
        assertThat(report.summaries().get("peer").meanCoalescedBatch().n()).isZero();

        String text = TextReport.render(report);
        assertThat(text).contains("Profile: realistic (users 1000000)");
        assertThat(text).contains("| ok | 10.0% | 2.00 |").contains("| ok | 30.0% | 6.00 |");
        assertThat(text).contains("| 20.0 (10.0–30.0) | 4.00 (2.00–6.00) |");
        assertThat(text).containsPattern("\\| peer \\| 1 \\|.*\\| – \\| – \\|\\n");

        String json = tools.jackson.databind.json.JsonMapper.shared().writeValueAsString(report);
        assertThat(json)
                .contains("\"profile\":\"realistic\"")
                .contains("\"tokenCacheHitRate\":0.1")
                .contains("\"meanCoalescedBatch\":2.0");
    }

    @Test
    void coldStartIsTheFirstRunsFirstTenSecondsAgainstTheSteadyMedian() {
        List<Long> rising = List.of(100L, 200L, 300L, 400L, 500L, 600L, 700L, 800L, 900L, 1000L, 20_000L, 20_000L);
        TargetRun first = withAnswers(run("hongbao", 1, 2_000, 5), rising);
        TargetRun second = withAnswers(run("hongbao", 2, 2_000, 5), List.of(9_999L));

        Report report = Report.of("now", Map.of(), "closed", List.of(first, second));

        assertThat(report.summaries().get("hongbao").coldStartRequestsPerSecond())
                .isEqualTo(550.0);
        assertThat(TextReport.render(report)).contains("| 550 (0.28) |");
        Report tooShort = Report.of("now", Map.of(), "closed", List.of(second));
        assertThat(tooShort.summaries().get("hongbao").coldStartRequestsPerSecond())
                .isNaN();
    }

    private static TargetRun withAnswers(TargetRun run, List<Long> answersPerSecond) {
        return changed(run, answersPerSecond, run.measurement().cpu());
    }

    /** {@code run} as measured, but with these answers per second and this CPU. */
    private static TargetRun changed(TargetRun run, List<Long> answersPerSecond, CpuUsage cpu) {
        Measurement m = run.measurement();
        Measurement changed = new Measurement(
                m.seconds(),
                m.requests(),
                m.requestsPerSecond(),
                m.warmupRequestsPerSecond(),
                m.latency(),
                m.rawLatency(),
                m.expectedIntervalMicros(),
                m.outcomes(),
                m.httpErrorStatuses(),
                m.errors(),
                m.grantedAll(),
                answersPerSecond,
                cpu,
                m.persistedPerSecond());
        return new TargetRun(run.target(), run.run(), run.packets(), changed, run.persistence(), run.service());
    }

    @Test
    void theChartIsOnePageWithInlineSvgAndEscapedText() {
        Report report = Report.of(
                "<now>", Map.of(), "closed", List.of(run("hongbao", 1, 20_000, 5), run("peer", 1, 10_000, 9)));
        String html = HtmlChart.render(report);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("&lt;now&gt;");
        assertThat(html).doesNotContain("<script").doesNotContain("src=\"http");
        assertThat(html.split("<svg", -1)).hasSize(3);
    }
}
