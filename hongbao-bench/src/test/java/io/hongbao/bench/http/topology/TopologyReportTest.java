package io.hongbao.bench.http.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.measure.CpuUsage;
import io.hongbao.bench.http.measure.LatencySummary;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.targets.Persistence;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopologyReportTest {

    private static final LatencySummary LATENCY = new LatencySummary(1, 2, 3, 4, 5, 6, 7, 8);

    @Test
    void readsCallsFromACommandStatsLineAndZeroForACommandNeverCalled() {
        assertThat(RedisNodes.calls("calls=12,usec=40,usec_per_call=3.33,rejected_calls=0,failed_calls=0"))
                .isEqualTo(12);
        assertThat(RedisNodes.calls(null)).isZero();
        assertThat(RedisNodes.fields("# CPU\r\nused_cpu_sys:1.5\r\nused_cpu_user:2.25\r\n"))
                .containsEntry("used_cpu_sys", "1.5")
                .containsEntry("used_cpu_user", "2.25")
                .hasSize(2);
    }

    @Test
    void chargesEachComponentItsCpuPerGrabAndCountsGrantsOnPrimariesOnly() {
        // 10 s, 100,000 answered grabs: one core busy the whole window is 100 µs per grab.
        Measurement window = measurement(10, 100_000, Map.of("service-1", 1.0, "haproxy", 0.1, "bench", 0.5));
        Map<String, RedisNodes.NodeCounters> begin = new LinkedHashMap<>();
        begin.put("h:7001", new RedisNodes.NodeCounters("primary", 100, 1_000, 5_000, 0));
        begin.put("h:7002", new RedisNodes.NodeCounters("primary", 50, 0, 0, 0));
        begin.put("h:7004", new RedisNodes.NodeCounters("replica", 10, 0, 0, 0));
        Map<String, RedisNodes.NodeCounters> end = new LinkedHashMap<>();
        end.put("h:7001", new RedisNodes.NodeCounters("primary", 103, 11_000, 55_000, 500_000));
        end.put("h:7002", new RedisNodes.NodeCounters("primary", 52, 9_000, 45_000, 0));
        end.put("h:7004", new RedisNodes.NodeCounters("replica", 11, 0, 0, 0));

        TopologyReport report =
                TopologyReport.of("cluster", "http://x", "now", window, begin, end, persisted(), settings());

        assertThat(report.components().get("redis primary h:7001").microsPerGrab())
                .isCloseTo(30, within(1e-9));
        assertThat(report.components().get("redis replica h:7004").cores()).isCloseTo(0.1, within(1e-9));
        assertThat(report.components().get("service-1").microsPerGrab()).isCloseTo(100, within(1e-9));
        // servers: Redis 30 + 20 + 10, the instance 100; all: + haproxy 10 + bench 50
        assertThat(report.serverMicrosPerGrab()).isCloseTo(160, within(1e-9));
        assertThat(report.totalMicrosPerGrab()).isCloseTo(220, within(1e-9));
        assertThat(report.grantsPerPrimary())
                .containsExactly(Map.entry("h:7001", 50_000L), Map.entry("h:7002", 45_000L));
        assertThat(report.render()).contains("| h:7001 | 50,000 | 52.6% | +5.3% | 10,000 | 5.0 | 10.0 |");
    }

    private static Measurement measurement(double seconds, long requests, Map<String, Double> cores) {
        return new Measurement(
                seconds,
                requests,
                requests / seconds,
                0,
                LATENCY,
                LATENCY,
                0,
                Map.of(Outcome.GRABBED, requests),
                Map.of(),
                0,
                requests,
                List.of(),
                new CpuUsage(2, 0.4, cores, Double.NaN, 1),
                -1);
    }

    private static Persistence persisted() {
        return new Persistence(0.5, 0, -1, true, 0.1, List.of());
    }

    private static LoadSettings settings() {
        return new LoadSettings(64, Duration.ofSeconds(1), Duration.ofSeconds(10), 0, Duration.ofSeconds(5), 2);
    }
}
