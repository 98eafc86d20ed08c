package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.audit.infrastructure.AuditWorker;
import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RunningStorm;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;

/** The operator dashboard follows a grab storm as it happens and shows the audit's verdict after it. */
class OpsPageIT extends BrowserIntegrationTest {

    private static final int STORM_USERS = 400;

    @Autowired
    AuditWorker periodicAudit;

    @Test
    void showsGrabsPerSecondDuringAStormAndAuditOkAfterIt() throws Exception {
        long sender = newUser();
        api().deposit(sender, 100_000).expectStatus().isOk();
        PacketJson packet = new RedPacketApi(http, this::tokenFor).sendOk(sender, 100_000, 1_000, null, null, null);
        long firstUser = newUser();
        for (int i = 1; i < STORM_USERS; i++) {
            newUser();
        }
        Browser ops = desktop().go("/ops");
        ops.type("ops-token", adminToken()).find("ops-token").sendKeys(Keys.ENTER);
        ops.waitFor("ops-board");
        // No bus in the shared context: the money events' tiles say so (ADR 0096).
        assertThat(ops.waitForText("outbox-backlog", "off")).isEqualTo("off");

        RunningStorm storm =
                RunningStorm.start(baseUrl(), this::tokenFor, List.of(packet.id()), firstUser, STORM_USERS, 4, 13);
        try {
            ops.until(page -> perSecond(page.find("grabs-per-second").getText()) > 0, Duration.ofSeconds(15));
            // A few more seconds of storm draw a curve on the charts rather than a spike.
            Thread.sleep(3_000);
            ops.screenshot("storm");
            assertThat(ops.find("chart-rates").findElements(By.tagName("canvas")))
                    .as("uPlot drew the rates chart")
                    .isNotEmpty();
        } finally {
            storm.stop();
        }

        periodicAudit.auditNow();
        assertThat(ops.waitForText("audit-status", "audit ok", Duration.ofSeconds(10)))
                .isEqualTo("audit ok");
        assertThat(ops.all("audit-checks").get(0).getText()).contains("money-conservation");
        ops.screenshot("audit-ok");
    }

    @Test
    void aTokenWithoutTheAdminRoleIsToldSo() {
        Browser ops = desktop().expectHttpErrors(403).go("/ops");
        ops.type("ops-token", tokenFor(newUser())).find("ops-token").sendKeys(Keys.ENTER);

        assertThat(ops.waitForText("ops-error", "403")).contains("no admin role");
        ops.screenshot("forbidden");
    }

    @Test
    void theCampaignPanelShowsTheNewestCampaignsSharesLeftPerPoolAndHowFastTheyGo() {
        long sponsor = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sponsor", sponsor);
        body.put("greeting", "Ops rain");
        body.put("total", 2_000);
        body.put("shares", 20);
        body.put("type", "EQUAL");
        body.put("pools", 4);
        body.put("lastsSeconds", 120);
        String campaign = api().openCampaign(body);
        Browser ops = desktop().signedIn(adminToken(), "#/").go("/ops");
        assertThat(ops.waitForText("campaign-which", campaign)).startsWith("Ops rain");
        assertThat(ops.waitForText("campaign-left", "20")).isEqualTo("20");

        for (int i = 0; i < 5; i++) {
            long person = newUser();
            http.post()
                    .uri("/api/v1/campaigns/" + campaign + "/grab")
                    .headers(h -> h.setBearerAuth(tokenFor(person)))
                    .exchange()
                    .expectStatus()
                    .isOk();
        }

        assertThat(ops.waitForText("campaign-left", "15")).isEqualTo("15");
        ops.until(page -> perSecond(page.find("campaign-rate").getText()) > 0, Duration.ofSeconds(5));
        assertThat(ops.find("campaign-pools").findElements(By.tagName("span"))).hasSize(4);
        assertThat(ops.waitForText("campaign-outcomes", "GRABBED")).contains("SOLD_OUT");
        assertThat(ops.text("campaign-refusals")).contains("rate", "busy", "limits");
        assertThat(ops.text("campaign-pools-out")).matches("[0-4] of 4");
        ops.screenshot("campaign");
    }

    private static double perSecond(String text) {
        try {
            return Double.parseDouble(text.replace(",", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
