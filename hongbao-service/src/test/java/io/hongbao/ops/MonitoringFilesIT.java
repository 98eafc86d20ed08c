package io.hongbao.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.RedPacketApi;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard and the Prometheus rules under {@code ops/} name only metrics the service exports: after a
 * grab and a draw, every {@code hongbao_*} name in them is a series of {@code /actuator/prometheus}, so renaming a
 * meter cannot silently blank a panel or mute an alert.
 */
class MonitoringFilesIT extends IntegrationTest {

    private static final Path OPS = Path.of("..", "ops");
    private static final Pattern HONGBAO_NAME = Pattern.compile("\\bhongbao_\\w+");
    private static final Pattern SAMPLE_NAME = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]", Pattern.MULTILINE);

    @Test
    void everyMetricTheDashboardAndTheAlertRulesNameIsExportedAfterAGrabAndADraw() throws IOException {
        grabAndDraw();
        String scrape = prometheusScrape();
        // Kept for whoever edits the files: the exact names and labels on offer.
        Files.writeString(Path.of("target", "prometheus-scrape.txt"), scrape);
        Set<String> exported = new TreeSet<>();
        Matcher sample = SAMPLE_NAME.matcher(scrape);
        while (sample.find()) {
            exported.add(sample.group(1));
        }

        Set<String> named = new TreeSet<>();
        for (Path file : new Path[] {
            OPS.resolve("grafana/hongbao.json"),
            OPS.resolve("prometheus/hongbao-rules.yml"),
            OPS.resolve("prometheus/hongbao-rules.test.yml")
        }) {
            Matcher name = HONGBAO_NAME.matcher(Files.readString(file));
            while (name.find()) {
                named.add(name.group());
            }
        }

        assertThat(named).as("names found in ops/").hasSizeGreaterThan(10);
        assertThat(exported).containsAll(named);
        assertThat(scrape)
                .contains("http_server_requests_seconds_count{")
                .containsPattern("uri=\"/api/v1/wheels/\\{id}/draw\"");
    }

    private void grabAndDraw() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        String packet = packets.sendOk(sender, 1_000, 2, "RANDOM", null, null).id();
        packets.grabOk(newUser(), packet);

        Instant now = Instant.now();
        LotteryApi lottery = new LotteryApi(api(), http);
        String wheel = lottery.createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(2)), now.plus(Duration.ofHours(1)), Map.of("Coupon", 5)))
                .id();
        long player = newUser();
        api().grantPoints(player, 10).expectStatus().isOk();
        lottery.drawn(player, wheel);
    }
}
