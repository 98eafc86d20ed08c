package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.Yuan;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A campaign (红包雨) in the browser: the countdown to its round, the tap, TRY_AGAIN as part of the game, the share the
 * service recorded, and the shares left going down on another person's page.
 */
class CampaignPageIT extends BrowserIntegrationTest {

    private static final int SHARES = 10;
    private static final Duration STARTS_IN = Duration.ofSeconds(6);

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
    void aPersonCountsDownToTheRoundTapsGetsTheShareTheServiceRecordedAndAnotherSeesTheSharesLeftGoDown() {
        long grabber = newUser();
        // Browsers first: how long one takes to start must not eat into the countdown.
        Browser watcher = desktop().signedIn(tokenFor(newUser()), "#/");
        Browser page = phone().signedIn(tokenFor(grabber), "#/");
        // Whole seconds, as the service keeps a round's start.
        Instant startsAt = Instant.now().plus(STARTS_IN).truncatedTo(ChronoUnit.SECONDS);
        String campaign = open("Happy new year from the rain", startsAt);
        page.go("/#/campaigns").waitFor("campaign-item");
        assertThat(page.attribute("campaign-item", "data-id"))
                .as("the newest first")
                .isEqualTo(campaign);
        page.find("campaign-item").findElement(By.tagName("a")).click();

        assertThat(page.text("campaign-greeting")).isEqualTo("Happy new year from the rain");
        assertThat(page.text("phase")).isEqualTo("Starts in");
        assertThat(page.text("countdown")).matches("0:0[1-6]");
        assertThat(page.find("grab").isEnabled())
                .as("nothing to grab before the round")
                .isFalse();
        watcher.go("/#/c/" + campaign);
        assertThat(watcher.waitForText("shares-left", "left")).isEqualTo(SHARES + " of " + SHARES + " shares left");
        page.screenshot("1-countdown");

        page.script(NEXT_GRAB_CROWDED);
        page.click("grab");
        assertThat(Instant.now()).as("the button came on with the round").isAfterOrEqualTo(startsAt);
        assertThat(page.text("phase")).isEqualTo("On now! Ends in");
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
        assertThat(api().grabCampaign(grabber, campaign))
                .as("the API's answer to the same person")
                .containsEntry("outcome", "ALREADY_GRABBED")
                .containsEntry("amount", (int) shown);
        await().atMost(Duration.ofSeconds(10)).until(() -> recorded(campaign, grabber), List.of(shown)::equals);
        await().atMost(Duration.ofSeconds(10)).until(() -> api().balanceOf(grabber) == shown);

        assertThat(watcher.waitForText("shares-left", (SHARES - 1) + " of", Duration.ofSeconds(5)))
                .isEqualTo((SHARES - 1) + " of " + SHARES + " shares left");
        watcher.screenshot("4-watching");
    }

    private String open(String greeting, Instant startsAt) {
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
        body.put("rounds", List.of(Map.of("startsAt", startsAt.toString(), "durationSeconds", 120, "shares", SHARES)));
        return api().openCampaign(body);
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
