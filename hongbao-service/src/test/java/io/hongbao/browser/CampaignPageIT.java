package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.Yuan;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A campaign (红包雨) in the browser: the countdown of its round, the tap, TRY_AGAIN as part of the game, and the share
 * the service recorded.
 */
class CampaignPageIT extends BrowserIntegrationTest {

    private static final int SHARES = 10;

    /** A TRY_AGAIN answer for this person's next grab only, as the lossy edge gives it to a crowd (ADR 0103). */
    private static final String NEXT_GRAB_CROWDED = "const real = window.fetch; let crowded = true;"
            + "window.fetch = (url, init) => {"
            + "  if (crowded && String(url).endsWith('/grab')) {"
            + "    crowded = false;"
            + "    return Promise.resolve(new Response(JSON.stringify({outcome: 'TRY_AGAIN', retryAfterMillis: 1500}),"
            + "      {status: 200, headers: {'Content-Type': 'application/json', 'Retry-After': '2'}}));"
            + "  }"
            + "  return real(url, init);"
            + "};";

    @Autowired
    JdbcClient jdbc;

    @Test
    void aPersonCountsDownToTheRoundsEndTapsAndGetsTheShareTheServiceRecorded() {
        long grabber = newUser();
        Browser page = phone().signedIn(tokenFor(grabber), "#/");
        String campaign = open("Happy new year from the rain");
        page.go("/#/campaigns").waitFor("campaign-item");
        assertThat(page.attribute("campaign-item", "data-id"))
                .as("the newest first")
                .isEqualTo(campaign);
        page.find("campaign-item").findElement(By.tagName("a")).click();

        assertThat(page.text("campaign-greeting")).isEqualTo("Happy new year from the rain");
        assertThat(page.text("phase")).isEqualTo("On now! Ends in");
        assertThat(page.text("countdown")).matches("([01]:[0-5]\\d|2:00)");
        assertThat(page.all("live-counter"))
                .allSatisfy(counter -> assertThat(counter.isDisplayed())
                        .as("no live figures on this service")
                        .isFalse());
        page.screenshot("1-on");

        page.script(NEXT_GRAB_CROWDED);
        page.click("grab");
        assertThat(page.waitForText("campaign-result", "people"))
                .isEqualTo("So many people are grabbing! Try again in 2 s.");
        assertThat(page.find("grab").isEnabled())
                .as("the button waits as the service asked")
                .isFalse();
        page.screenshot("2-try-again");
        page.click("grab");

        long shown = Long.parseLong(
                page.until(p -> p.attribute("campaign-prize", "data-amount") != null, Duration.ofSeconds(5))
                        .attribute("campaign-prize", "data-amount"));
        page.screenshot("3-grabbed");
        assertThat(page.text("campaign-amount")).isEqualTo(Yuan.of(shown));
        assertThat(page.text("campaign-prize")).startsWith("You got");
        assertThat(grabAgain(grabber, campaign))
                .as("the API's answer to the same person")
                .containsEntry("outcome", "ALREADY_GRABBED")
                .containsEntry("amount", (int) shown);
        await().atMost(Duration.ofSeconds(10)).until(() -> recorded(campaign, grabber), List.of(shown)::equals);
        await().atMost(Duration.ofSeconds(10)).until(() -> api().balanceOf(grabber) == shown);
    }

    private String open(String greeting) {
        long sponsor = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sponsor", sponsor);
        body.put("greeting", greeting);
        body.put("total", 1_000);
        body.put("shares", SHARES);
        body.put("type", "RANDOM");
        body.put("minShare", 10);
        body.put("maxShare", 190);
        body.put("pools", 2);
        body.put("lastsSeconds", 120);
        return (String) api().postAsAdmin("/api/v1/admin/campaigns", body)
                .expectStatus()
                .isCreated()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody()
                .get("id");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> grabAgain(long person, String campaign) {
        return http.post()
                .uri("/api/v1/campaigns/" + campaign + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor(person)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
    }

    /** The amounts the database recorded for this person in the campaign's pools. */
    private List<Long> recorded(String campaign, long person) {
        return jdbc.sql("SELECT g.amount FROM packet_grabs g JOIN campaign_pools p ON p.packet_id = g.packet_id"
                        + " WHERE p.campaign_id = ? AND g.user_id = ?")
                .param(campaign)
                .param(person)
                .query(Long.class)
                .list();
    }
}
