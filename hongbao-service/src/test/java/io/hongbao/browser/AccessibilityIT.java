package io.hongbao.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.Browser;
import io.hongbao.support.BrowserIntegrationTest;
import io.hongbao.support.Browsers.Viewport;
import java.util.ArrayList;
import java.util.List;
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
