package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.Browsers.Viewport;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.WheelJson;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/** Every control is reachable with the keyboard and shows where the focus is; the page speaks the browser's language. */
class AccessibilityIT extends BrowserIntegrationTest {

    @Test
    void theSignInAndTheSendFormCanBeUsedWithTheKeyboardAlone() {
        Browser page = desktop().go("/");
        page.waitFor("demo-form");

        assertThat(tabThrough(page, 12))
                .contains(
                        "skip-link",
                        "brand",
                        "demo-user",
                        "demo-admin",
                        "demo-sign-in",
                        "token-input",
                        "token-sign-in");

        long user = newUser();
        WebElement id = page.find("demo-user");
        id.clear();
        id.sendKeys(Long.toString(user), Keys.ENTER);
        page.waitForText("signed-in-as", Long.toString(user));
        page.go("/#/send").waitFor("send-form");

        assertThat(tabThrough(page, 20))
                .contains(
                        "send-to",
                        "send-total",
                        "send-count",
                        "send-lucky",
                        "send-greeting",
                        "send-expiry",
                        "send-submit",
                        "sign-out");
        page.find("send-lucky").sendKeys(Keys.ARROW_DOWN);
        assertThat(page.find("send-equal").isSelected()).isTrue();
        page.screenshot("send-focused");
    }

    @Test
    void aChineseBrowserGetsTheChinesePage() {
        Browser page = browser(Viewport.PHONE, "zh-CN").go("/");

        assertThat(page.waitForText("demo-form", "演示登录")).contains("用户编号");
        assertThat(page.script("return document.documentElement.lang")).isEqualTo("zh-CN");
        page.screenshot("zh");
    }

    @Test
    void everyPagesTextHasReadableContrast() throws IOException {
        long user = newUser();
        api().deposit(user, 10_000).expectStatus().isOk();
        api().grantPoints(user, 30).expectStatus().isOk();
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        String group = packets.newGroup(user, List.of(newUser()));
        PacketJson packet = packets.sendOk(user, 1_000, 2, null, null, group);
        packets.grabOk(user, packet.id());
        Instant now = Instant.now();
        WheelJson wheel = new LotteryApi(api(), http)
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(1)), now.plus(Duration.ofHours(1)), Map.of("Lantern", 1, "Tea", 2)));
        String campaign = openCampaign(user);
        String contrast = new String(
                getClass().getResourceAsStream("/browser/contrast.js").readAllBytes(), StandardCharsets.UTF_8);
        Browser page = phone().go("/");
        page.waitFor("token-form");
        assertThat(page.script(contrast)).as("sign-in").asList().isEmpty();
        page.signedIn(tokens.issue(user, true, Duration.ofHours(1)), "#/");

        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("#/", "hello");
        pages.put("#/wallet", "ledger-entry");
        pages.put("#/groups", "group-item");
        pages.put("#/g/" + group, "group-members-list");
        pages.put("#/send", "send-form");
        pages.put("#/p/" + packet.id(), "grab-row");
        pages.put("#/campaigns", "campaign-item");
        pages.put("#/c/" + campaign, "shares-left");
        pages.put("#/wheels", "wheel-item");
        pages.put("#/w/" + wheel.id(), "prize-row");
        pages.forEach((route, shown) -> {
            page.go("/" + route).waitFor(shown);
            assertThat(page.script(contrast)).as(route).asList().isEmpty();
        });
        page.click("draw").until(p -> p.attribute("wheel-disc", "data-landed") != null, Duration.ofSeconds(10));
        assertThat(page.script(contrast)).as("after a draw").asList().isEmpty();
        Browser ops = desktop().signedIn(adminToken(), "#/").go("/ops");
        ops.waitFor("ops-board");
        ops.waitForText("instances-up", "1");
        assertThat(ops.script(contrast)).as("/ops").asList().isEmpty();
    }

    /** A campaign on for the next hour, of two equal shares. */
    private String openCampaign(long sponsor) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sponsor", sponsor);
        body.put("greeting", "Rain");
        body.put("total", 1_000);
        body.put("shares", 2);
        body.put("type", "EQUAL");
        body.put("lastsSeconds", 3_600);
        return api().openCampaign(body);
    }

    /**
     * Presses Tab from the top of the page and answers the data-test names of what got the focus, checking on the way
     * that each focused control draws a visible focus outline.
     */
    private static List<String> tabThrough(Browser page, int presses) {
        page.script("document.activeElement?.blur(); window.scrollTo(0, 0)");
        List<String> reached = new ArrayList<>();
        for (int i = 0; i < presses; i++) {
            new Actions(page.driver()).sendKeys(Keys.TAB).perform();
            WebElement focused = page.driver().switchTo().activeElement();
            String test = focused.getDomAttribute("data-test");
            if (test != null) {
                reached.add(test);
                assertThat(focused.getCssValue("outline-style"))
                        .as("focus outline of " + test)
                        .isNotEqualTo("none");
            }
        }
        return reached;
    }
}
