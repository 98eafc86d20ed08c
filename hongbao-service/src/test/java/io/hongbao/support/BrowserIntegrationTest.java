package io.hongbao.support;

import io.hongbao.support.Browsers.Viewport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInfo;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Base of the tests in a real browser: the service as for every integration test, and Chromium sessions opened with
 * {@link #browser}, each closed after the test, which fails if any of them logged a console error. Without Chromium
 * the whole class is skipped with one line. Tagged {@value #TAG}: what a page shows does not depend on where the
 * servers are, so CI's external pass leaves these out.
 */
@Tag(BrowserIntegrationTest.TAG)
public abstract class BrowserIntegrationTest extends IntegrationTest {

    public static final String TAG = "browser";

    @LocalServerPort
    protected int port;

    private final List<Browser> browsers = new ArrayList<>();
    private String testName;

    @BeforeAll
    static void needsChromium() {
        Browsers.assumeInstalled();
    }

    @BeforeEach
    void name(TestInfo info) {
        testName = getClass().getSimpleName() + "-"
                + info.getTestMethod().orElseThrow().getName();
    }

    protected Browser phone() {
        return browser(Viewport.PHONE, "en-US");
    }

    protected Browser desktop() {
        return browser(Viewport.DESKTOP, "en-US");
    }

    protected Browser browser(Viewport viewport, String language) {
        Browser browser = Browsers.open(
                baseUrl(),
                viewport,
                language,
                testName + (browsers.isEmpty() ? "" : "-browser" + (browsers.size() + 1)));
        browsers.add(browser);
        return browser;
    }

    protected String baseUrl() {
        return "http://localhost:" + port;
    }

    @AfterEach
    void closeBrowsers() {
        try {
            for (Browser browser : browsers) {
                browser.assertNoConsoleErrors();
            }
        } finally {
            browsers.forEach(Browser::close);
            browsers.clear();
        }
    }
}
