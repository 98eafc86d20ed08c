package io.hongbao.bench.http.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class OutboxSampleTest {

    /** Two shards' publishing, as Micrometer's Prometheus registry writes a timer with published percentiles. */
    private static String exposition(long published, double lagSum) {
        return """
                # TYPE hongbao_outbox_publish_lag_seconds summary
                hongbao_outbox_publish_lag_seconds{application="hongbao",shard="0",quantile="0.5"} 0.004
                hongbao_outbox_publish_lag_seconds{application="hongbao",shard="0",quantile="0.99"} 0.030
                hongbao_outbox_publish_lag_seconds_count{application="hongbao",shard="0"} %d
                hongbao_outbox_publish_lag_seconds_sum{application="hongbao",shard="0"} %s
                hongbao_outbox_publish_lag_seconds{application="hongbao",shard="1",quantile="0.5"} 0.006
                hongbao_outbox_publish_lag_seconds{application="hongbao",shard="1",quantile="0.99"} 0.020
                hongbao_outbox_publish_lag_seconds_count{application="hongbao",shard="1"} %d
                hongbao_outbox_publish_lag_seconds_sum{application="hongbao",shard="1"} %s
                hongbao_outbox_publish_lag_seconds_max{application="hongbao",shard="0"} 0.2
                hongbao_outbox_publish_lag_seconds_max{application="hongbao",shard="1"} 0.1
                hongbao_outbox_published_total{application="hongbao",shard="0"} %d.0
                hongbao_outbox_published_total{application="hongbao",shard="1"} %d.0
                hongbao_outbox_backlog{application="hongbao",shard="0"} 300.0
                hongbao_outbox_backlog{application="hongbao",shard="1"} 200.0
                hongbao_outbox_oldest_age_seconds{application="hongbao",shard="0"} 0.5
                """.formatted(published, lagSum, published, lagSum, published, published);
    }

    @Test
    void countsAddUpOverShardsAndTheLagsQuantilesAreTheWorstShards() {
        OutboxSample sample = OutboxSample.parse(exposition(1_000, 5.0));

        assertThat(sample.published()).isEqualTo(2_000);
        assertThat(sample.lagCount()).isEqualTo(2_000);
        assertThat(sample.lagSumSeconds()).isEqualTo(10.0);
        assertThat(sample.lagP50Seconds()).isEqualTo(0.006);
        assertThat(sample.lagP99Seconds()).isEqualTo(0.030);
        assertThat(sample.lagMaxSeconds()).isEqualTo(0.2);
        assertThat(sample.backlog()).isEqualTo(500);
    }

    @Test
    void theWindowsMeanLagIsItsOwnEventsAlone() {
        OutboxWindow window = OutboxWindow.between(
                OutboxSample.parse(exposition(1_000, 5.0)), OutboxSample.parse(exposition(11_000, 55.0)));

        assertThat(window.published()).isEqualTo(20_000);
        assertThat(window.meanLagSeconds()).isCloseTo(0.005, within(1e-12));
        assertThat(window.lagP99Seconds()).isEqualTo(0.030);
        assertThat(window.backlogAtEnd()).isEqualTo(500);
    }

    @Test
    void aServiceWithoutABusHasNoPublishingWindow() {
        String noBus = "hongbao_outbox_backlog{application=\"hongbao\",shard=\"0\"} 0.0\n";
        assertThat(OutboxWindow.between(OutboxSample.parse(noBus), OutboxSample.parse(noBus)))
                .isNull();
    }
}
