package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.interactions.Actions;

/** What goes wrong shows as a sentence on the page, and changes nothing (checked through the API). */
class PageErrorsIT extends BrowserIntegrationTest {

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void sendingMoreThanTheBalanceSaysSoAndSendsNothing() {
        long poor = newUser();
        api().deposit(poor, 100).expectStatus().isOk();
        Browser page = phone().expectHttpErrors(409).signedIn(tokenFor(poor), "#/send");

        page.type("send-total", "100.00").type("send-count", "10").click("send-submit");

        assertThat(page.waitForText("send-message", "balance"))
                .isEqualTo("Your balance is too low for this packet. Nothing was sent.");
        page.screenshot("insufficient-funds");
        assertThat(api().balanceOf(poor)).isEqualTo(100);
        assertThat(myPackets(poor)).isEmpty();
    }

    @Test
    void anEqualSplitThatDoesNotDivideShowsTheServersReasonAndSendsNothing() {
        long sender = newUser();
        api().deposit(sender, 10_000).expectStatus().isOk();
        String reason = packets()
                .send(sender, RedPacketApi.packet(100, 3, "EQUAL", null, null))
                .expectStatus()
                .isBadRequest()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody()
                .get("message")
                .toString();
        Browser page = phone().expectHttpErrors(400).signedIn(tokenFor(sender), "#/send");

        page.type("send-total", "1.00")
                .type("send-count", "3")
                .click("send-equal")
                .click("send-submit");

        assertThat(page.waitForText("send-message", "check")).isEqualTo("Please check the form: " + reason);
        page.screenshot("validation-failed");
        assertThat(api().balanceOf(sender)).isEqualTo(10_000);
        assertThat(myPackets(sender)).isEmpty();
    }

    @Test
    void aDoubleClickedSendSendsOnePacket() {
        long sender = newUser();
        api().deposit(sender, 10_000).expectStatus().isOk();
        Browser page = phone().signedIn(tokenFor(sender), "#/send");
        page.type("send-total", "1.00").type("send-count", "1");

        new Actions(page.driver()).doubleClick(page.waitFor("send-submit")).perform();

        page.waitFor("envelope");
        page.screenshot("double-click");
        assertThat(myPackets(sender)).hasSize(1);
        assertThat(api().balanceOf(sender)).isEqualTo(10_000 - 100);
    }

    @Test
    void aGrabByANonMemberSaysItIsForTheGroupAndGrabsNothing() {
        long owner = newUser();
        long stranger = newUser();
        api().deposit(owner, 1_000).expectStatus().isOk();
        String group = packets().newGroup(owner, List.of(newUser()));
        PacketJson packet = packets().sendOk(owner, 1_000, 2, null, null, group);
        Browser page = phone().expectHttpErrors(403).signedIn(tokenFor(stranger), "#/p/" + packet.id());
        assertThat(page.text("forbidden")).isEqualTo("This red packet belongs to a group you are not in.");

        page.click("open");

        assertThat(page.waitForText("packet-message", "members"))
                .isEqualTo("This red packet is for its group’s members only. Nothing was grabbed.");
        page.screenshot("not-a-member");
        PacketJson after = packets().packetOk(owner, packet.id());
        assertThat(after.remainingCount()).isEqualTo(2);
        assertThat(after.grabs()).isEmpty();
        assertThat(api().balanceOf(stranger)).isZero();
        assertThat(page.find("open").isEnabled()).isTrue();
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> myPackets(long user) {
        // The send is recorded at once; a second packet from the double click would be there by now too.
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Map<String, Object> body = packets()
                .myPackets(user)
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
        return (List<Map<String, Object>>) body.get("items");
    }
}
