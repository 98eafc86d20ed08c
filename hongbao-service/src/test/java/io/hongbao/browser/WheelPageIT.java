package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.DrawItemJson;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The wheel spins and stops on the segment of what the API decided; the points left are the account's. */
class WheelPageIT extends BrowserIntegrationTest {

    @Test
    void aDrawSpinsTheWheelOntoWhatTheApiReturnedAndShowsThePointsLeft() {
        LotteryApi lottery = new LotteryApi(api(), http);
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Map<String, Object> body = LotteryApi.wheelBody(
                now.minus(Duration.ofHours(3)), now.plus(Duration.ofHours(1)), Map.of("Lantern", 1));
        body.put("name", "Lantern wheel");
        body.put("hourlyWeights", Map.of());
        WheelJson wheel = lottery.createdWheel(body);
        long player = newUser();
        api().grantPoints(player, 25).expectStatus().isOk();
        Browser page = phone().signedIn(tokenFor(player), "#/w/" + wheel.id());
        assertThat(page.text("points-left")).isEqualTo("Points left: 25");

        for (int draw = 1; draw <= 2; draw++) {
            page.click("draw");
            page.until(p -> p.attribute("wheel-disc", "data-landed") != null, Duration.ofSeconds(10));
            DrawItemJson latest = lottery.myDraws(player).items().get(0);
            String won = latest.prize() != null
                    ? latest.prize().name()
                    : latest.consolation().name();

            assertThat(page.attribute("draw-result", "data-name")).isEqualTo(won);
            assertThat(page.attribute("wheel-disc", "data-landed")).isEqualTo(won);
            assertThat(segmentUnderThePointer(page)).isEqualTo(won);
            assertThat(page.text("points-left")).isEqualTo("Points left: " + api().pointsOf(player));
            page.screenshot("draw-" + draw);
        }
        assertThat(lottery.myDraws(player).items()).hasSize(2);
    }

    /** Reads the disc's rotation as the browser drew it and names the segment that stopped under the pointer. */
    @SuppressWarnings("unchecked")
    private static String segmentUnderThePointer(Browser page) {
        List<String> segments = (List<String>) page.script(
                "return [...document.querySelectorAll('[data-test=wheel-disc] path')].map(p => p.dataset.segment)");
        double degrees = ((Number) page.script("const m = new DOMMatrix(getComputedStyle("
                        + "document.querySelector('[data-test=wheel-disc]')).transform);"
                        + "return Math.atan2(m.b, m.a) * 180 / Math.PI;"))
                .doubleValue();
        // The pointer sits at the top; a disc turned clockwise by d shows there what was at -d.
        double under = ((-degrees % 360) + 360) % 360;
        return segments.get((int) Math.floor(under / (360.0 / segments.size())));
    }
}
