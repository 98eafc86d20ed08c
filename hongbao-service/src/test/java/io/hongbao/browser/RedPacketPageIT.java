package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabEntryJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.Yuan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.support.ui.Select;

/** The red packet's life in the browser: sent from a form, opened by another person, seen live by the sender. */
class RedPacketPageIT extends BrowserIntegrationTest {

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void aliceSendsToHerGroupAndSeesBobsGrabLiveWithTheAmountsOfTheApi() throws IOException {
        long alice = newUser();
        long bob = newUser();
        Browser alicePage = phone();
        alicePage.go("/").type("demo-user", Long.toString(alice)).click("demo-admin");
        alicePage.click("demo-sign-in").waitForText("signed-in-as", Long.toString(alice));
        alicePage.screenshot("1-home");

        alicePage.type("topup-amount", "500.00").click("topup");
        assertThat(alicePage.waitForText("admin-message", "¥500.00")).contains(Long.toString(alice));
        assertThat(api().balanceOf(alice)).isEqualTo(50_000);

        alicePage.go("/#/groups").type("group-name", "family").type("group-members", Long.toString(bob));
        alicePage.click("create-group").waitForText("group-members-list", Long.toString(bob));
        String groupId = alicePage.driver().getCurrentUrl().replaceAll(".*#/g/", "");

        alicePage.go("/#/send");
        new Select(alicePage.waitFor("send-to")).selectByValue(groupId);
        alicePage.type("send-total", "100.00").type("send-count", "10");
        alicePage.screenshot("2-send");
        alicePage.click("send-submit").waitFor("no-grabs");
        String packetId = alicePage.driver().getCurrentUrl().replaceAll(".*#/p/", "");
        alicePage.waitForText("live-state", "Live");
        alicePage.script("window.notReloaded = true");
        alicePage.screenshot("3-sent");

        Browser bobPage = phone().signedIn(tokenFor(bob), "#/p/" + packetId);
        assertThat(bobPage.driver().getCurrentUrl())
                .as("the token is moved to sessionStorage, out of the address bar")
                .endsWith("/#/p/" + packetId);
        bobPage.screenshot("4-sealed");
        bobPage.click("open").waitFor("my-amount");
        long answeredAt = Long.parseLong(bobPage.attribute("envelope", "data-answered-at"));
        bobPage.screenshot("5-opened");

        alicePage.until(page -> !page.all("grab-row").isEmpty(), Duration.ofSeconds(5));
        long latencyMillis = Long.parseLong(alicePage.attribute("grab-row", "data-rendered-at")) - answeredAt;
        String line = "live update: Bob's grab answered -> shown on Alice's page in " + latencyMillis + " ms";
        System.out.println(line);
        Files.createDirectories(Path.of("target", "screenshots"));
        Files.writeString(Path.of("target", "screenshots", "live-latency.txt"), line + "\n");
        assertThat(alicePage.script("return window.notReloaded === true")).isEqualTo(true);
        assertThat(latencyMillis).isLessThan(1_000);
        alicePage.screenshot("6-live");

        PacketJson packet = packets().packetOk(alice, packetId);
        GrabEntryJson bobsGrab = packet.grabs().get(0);
        assertThat(bobsGrab.userId()).isEqualTo(bob);
        assertThat(packet.groupId()).isEqualTo(groupId);
        assertThat(bobPage.text("my-amount")).isEqualTo(Yuan.of(bobsGrab.amount()));
        assertThat(alicePage.attribute("grab-row", "data-user")).isEqualTo(Long.toString(bob));
        assertThat(alicePage.text("grab-row")).contains(Yuan.of(bobsGrab.amount()));
        assertThat(alicePage.text("progress"))
                .isEqualTo("1/10 shares, " + Yuan.of(bobsGrab.amount()) + " of ¥100.00 taken");
        assertThat(api().balanceOf(alice)).isEqualTo(40_000);
    }

    @Test
    void onceEveryShareIsTakenTheLuckiestBadgeIsOnTheLargestShare() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 1_000, 3, "RANDOM", null, null);
        packets().grabOk(newUser(), sent.id());
        packets().grabOk(newUser(), sent.id());
        long last = newUser();
        Browser lastPage = phone().signedIn(tokenFor(last), "#/p/" + sent.id());
        lastPage.click("open").waitFor("my-amount");
        Browser senderPage = desktop().signedIn(tokenFor(sender), "#/p/" + sent.id());

        PacketJson packet = packets().packetOk(sender, sent.id());
        assertThat(packet.luckiestUserId()).isNotNull();
        for (Browser page : List.of(lastPage, senderPage)) {
            page.waitFor("luckiest");
            // Read in one script: a live update may redraw the rows at any moment.
            assertThat(
                            page.script(
                                    "return [...document.querySelectorAll('[data-test=grab-row]')]"
                                            + ".filter(row => row.querySelector('[data-test=luckiest]'))"
                                            + ".map(row => row.dataset.user + ' ' + row.querySelector('[data-test=luckiest]').textContent)"))
                    .asList()
                    .containsExactly(packet.luckiestUserId() + " Luckiest");
            assertThat(page.text("progress")).isEqualTo("3/3 shares, ¥10.00 of ¥10.00 taken");
            assertThat(page.text("status")).isEqualTo("All taken");
        }
        lastPage.screenshot("luckiest");
        senderPage.screenshot("luckiest");
    }

    @Test
    void anExpiredPacketShowsItsRefund() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 500, 5, "RANDOM", 1L, null);
        packets().grabOk(newUser(), sent.id());
        PacketJson refunded = await().atMost(Duration.ofSeconds(20))
                .until(() -> packets().packetOk(sender, sent.id()), p -> p.refundedAmount() > 0);

        Browser page = phone().signedIn(tokenFor(sender), "#/p/" + sent.id());

        assertThat(page.waitForText("refund", Yuan.of(refunded.refundedAmount())))
                .isEqualTo(Yuan.of(refunded.refundedAmount()) + " went back to the sender.");
        assertThat(page.text("status")).isEqualTo("Expired");
        assertThat(page.text("closed")).isEqualTo("This red packet has expired.");
        page.screenshot("refund");
    }
}
