package io.hongbao.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium session as the tests use it: elements found by their {@code data-test} names, waits
 * instead of sleeps, screenshots under target/screenshots, and the console kept so that any error fails the test.
 */
public final class Browser implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ChromeDriver driver;
    private final String baseUrl;
    private final Path screenshots;
    private final String testName;
    private final List<String> consoleErrors = new ArrayList<>();
    private final List<Integer> expectedStatuses = new ArrayList<>();

    Browser(ChromeDriver driver, String baseUrl, Path screenshots, String testName) {
        this.driver = driver;
        this.baseUrl = baseUrl;
        this.screenshots = screenshots;
        this.testName = testName;
    }

    public ChromeDriver driver() {
        return driver;
    }

    /** Opens a path of the service, e.g. {@code "/#/wallet"} or {@code "/ops"}. */
    public Browser go(String path) {
        driver.get(baseUrl + path);
        return this;
    }

    /** Opens the app signed in with that token, the way a deployment's identity provider links to it. */
    public Browser signedIn(String token, String hash) {
        go("/?token=" + token + hash);
        waitFor("signed-in-as");
        return this;
    }

    public WebElement waitFor(String test) {
        return new WebDriverWait(driver, WAIT).until(ExpectedConditions.visibilityOfElementLocated(css(test)));
    }

    public WebElement find(String test) {
        return driver.findElement(css(test));
    }

    public List<WebElement> all(String test) {
        return driver.findElements(css(test));
    }

    public Browser click(String test) {
        new WebDriverWait(driver, WAIT)
                .until(ExpectedConditions.elementToBeClickable(css(test)))
                .click();
        return this;
    }

    public Browser type(String test, String text) {
        WebElement input = waitFor(test);
        input.clear();
        input.sendKeys(text);
        return this;
    }

    /**
     * The element's text once it is shown. Read inside the wait: a live update may redraw the element between finding
     * and reading it, and then it is read again from the new one.
     */
    public String text(String test) {
        return new WebDriverWait(driver, WAIT)
                .ignoring(StaleElementReferenceException.class)
                .until(d -> {
                    WebElement element = d.findElement(css(test));
                    return element.isDisplayed() ? element.getText() : null;
                });
    }

    /** An attribute of the element (null when it has none), read again when a live update redrew the element. */
    public String attribute(String test, String name) {
        for (int attempt = 1; ; attempt++) {
            try {
                return driver.findElement(css(test)).getDomAttribute(name);
            } catch (StaleElementReferenceException redrawn) {
                if (attempt == 5) {
                    throw redrawn;
                }
            }
        }
    }

    /** Waits until the element's text contains the fragment, and answers the whole text. */
    public String waitForText(String test, String fragment) {
        return waitForText(test, fragment, WAIT);
    }

    public String waitForText(String test, String fragment, Duration within) {
        return new WebDriverWait(driver, within)
                .ignoring(StaleElementReferenceException.class)
                .until(d -> d.findElements(css(test)).stream()
                        .map(WebElement::getText)
                        .filter(text -> text.contains(fragment))
                        .findFirst()
                        .orElse(null));
    }

    public Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    public Browser until(java.util.function.Function<Browser, Boolean> condition, Duration within) {
        new WebDriverWait(driver, within)
                .ignoring(StaleElementReferenceException.class)
                .until(d -> condition.apply(this));
        return this;
    }

    /** Saves target/screenshots/{test}-{step}.png and answers its path. */
    public Path screenshot(String step) {
        settle();
        try {
            Files.createDirectories(screenshots);
            Path target = screenshots.resolve(testName + "-" + step + ".png");
            Files.move(driver.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits (at most 3 s) until no animation or transition runs, so that a screenshot shows where it ended. */
    private void settle() {
        try {
            new WebDriverWait(driver, Duration.ofSeconds(3))
                    .until(
                            d -> Boolean.TRUE.equals(
                                    script(
                                            "return document.getAnimations()"
                                                    + ".every(a => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)")));
        } catch (org.openqa.selenium.TimeoutException e) {
            // A page that keeps moving is photographed as it is.
        }
    }

    /** This test provokes answers with these statuses on purpose: the browser's network errors for them are fine. */
    public Browser expectHttpErrors(Integer... statuses) {
        expectedStatuses.addAll(List.of(statuses));
        return this;
    }

    /** Every SEVERE console entry so far (console.error, uncaught exceptions, CSP violations, failed loads). */
    public List<String> consoleErrors() {
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()
                    && !Browsers.expected(entry.getMessage(), expectedStatuses)) {
                consoleErrors.add(entry.getMessage());
            }
        }
        return List.copyOf(consoleErrors);
    }

    public void assertNoConsoleErrors() {
        assertThat(consoleErrors()).as("the browser console's errors").isEmpty();
    }

    @Override
    public void close() {
        driver.quit();
    }

    private static By css(String test) {
        return By.cssSelector("[data-test=\"" + test + "\"]");
    }
}
