package io.hongbao.platform.security.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import io.hongbao.platform.ids.UserIds;
import io.hongbao.support.Api;
import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.Browsers;
import io.hongbao.support.Keycloak;
import io.hongbao.support.ProviderIntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * docs/api.md, Authentication, tokens from an OpenID Connect provider (ADR 0097), against a real Keycloak: its users'
 * access tokens are accepted, their subjects mapped to user ids of the service's, the admin role read from the realm
 * roles; every token that is not the provider's, not for this service or not valid any more is 401 with the
 * contract's error body and changes nothing. And the web app's sign-in through Keycloak in Chromium, in this class
 * too (tagged {@code browser}), so that a test run starts one Keycloak and one application context for it all.
 */
class ProviderTokensIT extends ProviderIntegrationTest {

    private final Keycloak keycloak = Keycloak.shared();
    private final Map<Long, String> tokenOf = new HashMap<>();
    private String user;

    @BeforeEach
    void aUserOfTheRealm() {
        user = "user-" + System.nanoTime();
        keycloak.createUser(user, false);
    }

    @Test
    void aProviderAdminFundsASenderAndAProviderUserGrabsTheRedPacket() {
        String admin = "admin-" + System.nanoTime();
        String sender = "sender-" + System.nanoTime();
        keycloak.createUser(admin, true);
        keycloak.createUser(sender, false);
        long senderId = signIn(keycloak.token(Keycloak.TEST_CLIENT, sender));
        long grabberId = signIn(keycloak.token(Keycloak.TEST_CLIENT, user));
        assertThat(senderId).as("a user id the service gave, from 2^52 up").isGreaterThanOrEqualTo(1L << 52);
        assertThat(grabberId).isNotEqualTo(senderId);
        assertThat(UserIds.valid(grabberId)).isTrue();

        Api api = new Api(http, tokenOf::get, keycloak.token(Keycloak.TEST_CLIENT, admin));
        api.deposit(senderId, 10_000).expectStatus().isOk();
        new Api(http, tokenOf::get, tokenOf.get(grabberId))
                .deposit(senderId, 10_000)
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");
        RedPacketApi packets = new RedPacketApi(http, tokenOf::get);
        PacketJson packet = packets.sendOk(senderId, 1_000, 2, "RANDOM", 3_600L, null);
        GrabJson grabbed = packets.grabOk(grabberId, packet.id());

        assertThat(grabbed.outcome()).isEqualTo("GRABBED");
        // A new sign-in of the same person is the same user.
        assertThat(signIn(keycloak.token(Keycloak.TEST_CLIENT, user))).isEqualTo(grabberId);
        // The grab is credited when the persister records it, moments later.
        await().atMost(Duration.ofSeconds(10)).until(() -> api.balanceOf(grabberId) == grabbed.amount());
        assertThat(packets.packetOk(senderId, packet.id()).grabs())
                .singleElement()
                .satisfies(grab -> assertThat(grab.userId()).isEqualTo(grabberId));
    }

    @Test
    void anExpiredProviderTokenIsRefused() throws InterruptedException {
        String shortLived = keycloak.token(Keycloak.SHORT_LIVED_CLIENT, user);
        signIn(shortLived);
        Instant expiry =
                Instant.ofEpochSecond(Keycloak.claimsOf(shortLived).path("exp").asLong());

        // Past exp and the leeway of 1 s (the verified-token cache keeps it no longer either).
        Thread.sleep(Math.max(
                0, Duration.between(Instant.now(), expiry.plusSeconds(2)).toMillis()));

        expectRefused(shortLived);
    }

    @Test
    void aTokenForAnotherServiceOfTheProviderIsRefused() {
        String forOthers = keycloak.token(Keycloak.OTHER_SERVICE, user);
        assertThat(Keycloak.claimsOf(forOthers).path("aud").toString()).doesNotContain(Keycloak.AUDIENCE);

        expectRefused(forOthers);
    }

    @Test
    void aTokenNamingAnotherIssuerIsRefusedThoughTheProvidersKeySignedIt() {
        String good = keycloak.token(Keycloak.TEST_CLIENT, user);
        String otherIssuer = keycloak.tokenNamingAnotherIssuer(Keycloak.TEST_CLIENT, user);
        assertThat(Keycloak.keyIdOf(otherIssuer)).isEqualTo(Keycloak.keyIdOf(good));
        assertThat(Keycloak.claimsOf(otherIssuer).path("iss").asString()).isNotEqualTo(keycloak.issuer());

        expectRefused(otherIssuer);
    }

    @Test
    void aTokenSignedByAKeyTheProviderDoesNotPublishIsRefused() {
        String elsewhere = "eve";

        expectRefused(keycloak.tokenOfAnotherRealm(elsewhere));
    }

    @Test
    void anUnsignedTokenIsRefused() {
        String[] parts = keycloak.token(Keycloak.TEST_CLIENT, user).split("\\.");
        String none = base64("{\"alg\":\"none\",\"typ\":\"JWT\"}");

        expectRefused(none + "." + parts[1] + ".");
        expectRefused(none + "." + parts[1] + "." + parts[2]);
    }

    @Test
    void anHs256TokenSignedWithAGuessedKeyIsRefusedWhileTheServicesOwnIsAccepted() {
        long userId = signIn(keycloak.token(Keycloak.TEST_CLIENT, user));
        Instant exp = Instant.now().plusSeconds(600);
        String guessed = JWT.create()
                .withSubject(Long.toString(userId))
                .withExpiresAt(exp)
                .withClaim("roles", List.of("admin"))
                .sign(Algorithm.HMAC256("a guessed secret, long enough for HS256 anyway"));

        expectRefused(guessed);
        assertThat(signIn(tokens.issue(userId, false, exp))).isEqualTo(userId);
    }

    @Test
    void aRotatedKeyIsPickedUpWithoutARestart() {
        String before = keycloak.token(Keycloak.TEST_CLIENT, user);
        long userId = signIn(before);

        keycloak.rotateRsaKey();
        String after = keycloak.token(Keycloak.TEST_CLIENT, user);

        assertThat(Keycloak.keyIdOf(after)).isNotEqualTo(Keycloak.keyIdOf(before));
        assertThat(signIn(after)).isEqualTo(userId);
        assertThat(signIn(before)).as("the old key is still published").isEqualTo(userId);
    }

    @Test
    void anEs256TokenIsAccepted() {
        String rsa = keycloak.token(Keycloak.TEST_CLIENT, user);
        String ec = keycloak.token(Keycloak.ES256_CLIENT, user);
        assertThat(new String(Base64.getUrlDecoder().decode(ec.substring(0, ec.indexOf('.'))), StandardCharsets.UTF_8))
                .contains("\"ES256\"");

        assertThat(signIn(ec)).isEqualTo(signIn(rsa));
    }

    @Test
    void theWebAppLearnsTheProviderFromTheService() {
        http.get()
                .uri("/auth/config")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.provider.name")
                .isEqualTo("Keycloak")
                .jsonPath("$.provider.issuer")
                .isEqualTo(keycloak.issuer())
                .jsonPath("$.provider.clientId")
                .isEqualTo(Keycloak.WEB_CLIENT)
                .jsonPath("$.provider.authorizationEndpoint")
                .isEqualTo(keycloak.issuer() + "/protocol/openid-connect/auth")
                .jsonPath("$.provider.tokenEndpoint")
                .isEqualTo(keycloak.issuer() + "/protocol/openid-connect/token");
        http.get()
                .uri("/")
                .exchange()
                .expectHeader()
                .valueMatches("Content-Security-Policy", ".*connect-src 'self' " + keycloak.baseUrl() + ";.*");
    }

    @Test
    @Tag(BrowserIntegrationTest.TAG)
    void anAdminSignsInToTheWebAppWithKeycloakAndIsTheUserTheServiceKnows() {
        Browsers.assumeInstalled();
        keycloak.allowRedirect(baseUrl() + "/");
        String admin = "browser-" + System.nanoTime();
        keycloak.createUser(admin, true);
        long userId = signIn(keycloak.token(Keycloak.TEST_CLIENT, admin));
        try (Browser browser = Browsers.open(
                baseUrl(), Browsers.Viewport.DESKTOP, "en-US", getClass().getSimpleName())) {
            browser.go("/");
            assertThat(browser.waitFor("provider-sign-in").getText()).isEqualTo("Sign in with Keycloak");
            browser.click("provider-sign-in");

            // Keycloak's own sign-in page.
            new WebDriverWait(browser.driver(), Duration.ofSeconds(20))
                    .until(ExpectedConditions.visibilityOfElementLocated(By.id("username")));
            assertThat(browser.driver().getCurrentUrl()).startsWith(keycloak.issuer());
            browser.driver().findElement(By.id("username")).sendKeys(admin);
            browser.driver().findElement(By.id("password")).sendKeys(Keycloak.PASSWORD);
            browser.driver().findElement(By.id("kc-login")).click();

            // Back in the app, the code exchanged by the page under the service's content security policy.
            String signedInAs = browser.waitForText("signed-in-as", "User ", Duration.ofSeconds(20));
            assertThat(signedInAs).contains("User " + userId).contains("admin");
            assertThat(browser.driver().getCurrentUrl())
                    .as("the code is gone from the address")
                    .isEqualTo(baseUrl() + "/");
            assertThat(browser.waitFor("topup-amount").isDisplayed())
                    .as("the admin card")
                    .isTrue();
            browser.assertNoConsoleErrors();
        }
    }

    /** The caller's user id as the service answers it; remembers the token for the helpers. */
    private long signIn(String token) {
        long userId = me(token)
                .expectStatus()
                .isOk()
                .expectBody(Api.AccountJson.class)
                .returnResult()
                .getResponseBody()
                .userId();
        tokenOf.put(userId, token);
        return userId;
    }

    /**
     * 401 with the contract's body for reading and for grabbing; the grab changed nothing (the packet has no grab).
     */
    private void expectRefused(String token) {
        me(token)
                .expectStatus()
                .isUnauthorized()
                .expectHeader()
                .doesNotExist("WWW-Authenticate")
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");
        long senderId = 1_000_000_000L + System.nanoTime() % 1_000_000_000L;
        String senderToken = tokens.issue(senderId, false, Duration.ofMinutes(10));
        new Api(http, id -> senderToken, tokens.issue(1, true, Duration.ofMinutes(10)))
                .deposit(senderId, 1_000)
                .expectStatus()
                .isOk();
        RedPacketApi packets = new RedPacketApi(http, id -> id == senderId ? senderToken : token);
        String packet = packets.sendOk(senderId, 100, 1, "EQUAL", 3_600L, null).id();
        packets.grab(0, packet).expectStatus().isUnauthorized();
        assertThat(packets.packetOk(senderId, packet).remainingCount()).isEqualTo(1);
    }

    private WebTestClient.ResponseSpec me(String token) {
        return http.get()
                .uri("/api/v1/me/account")
                .headers(h -> h.setBearerAuth(token))
                .exchange();
    }

    private static String base64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
