package io.hongbao.bench.http.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServiceMetersTest {

    private static String exposition(long hits, long misses, long calls, long grabs) {
        return """
                # HELP hongbao_tokens_verified_total bearer-token checks answered from the verified-token cache
                # TYPE hongbao_tokens_verified_total counter
                hongbao_tokens_verified_total{application="hongbao",cache="hit"} %d.0
                hongbao_tokens_verified_total{application="hongbao",cache="miss"} %d.0
                hongbao_grab_script_calls_total{application="hongbao"} %d.0
                hongbao_grab_script_grabs_total{application="hongbao"} %d.0
                hongbao_grab_refused_total{reason="memory"} 3.0
                jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1.2E7
                """.formatted(hits, misses, calls, grabs);
    }

    @Test
    void readsTheCountersFromThePrometheusText() {
        ServiceMeters.Counters counters = ServiceMeters.parse(exposition(10, 90, 40, 100));
        assertThat(counters).isEqualTo(new ServiceMeters.Counters(10, 90, 40, 100));
    }

    @Test
    void theWindowIsTheDifferenceBetweenItsTwoReadings() {
        ServiceWindow window = ServiceWindow.between(
                ServiceMeters.parse(exposition(10, 90, 40, 100)),
                ServiceMeters.parse(exposition(1_010, 9_090, 2_540, 10_100)));

        assertThat(window.tokenChecks()).isEqualTo(10_000);
        assertThat(window.tokenCacheHits()).isEqualTo(1_000);
        assertThat(window.tokenCacheHitRate()).isEqualTo(0.1);
        assertThat(window.grabScriptCalls()).isEqualTo(2_500);
        assertThat(window.grabsInScriptCalls()).isEqualTo(10_000);
        assertThat(window.meanCoalescedBatch()).isEqualTo(4.0);
    }

    @Test
    void aServiceWithoutTheseCountersGivesNoFigures() {
        ServiceMeters.Counters none = ServiceMeters.parse("jvm_threads_live_threads 42.0\n");
        ServiceWindow window = ServiceWindow.between(none, none);
        assertThat(window.tokenCacheHitRate()).isNaN();
        assertThat(window.meanCoalescedBatch()).isNaN();
        ServiceWindow idle = ServiceWindow.between(
                ServiceMeters.parse(exposition(5, 5, 5, 5)), ServiceMeters.parse(exposition(5, 5, 5, 5)));
        assertThat(idle.meanCoalescedBatch()).isNaN();
    }
}
