package io.hongbao.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Starts the distribution's headless Chromium through its own chromedriver (never a downloaded one: CI installs the
 * {@code chromium} and {@code chromium-driver} packages, {@code .ci/run}). A machine without them skips the browser
 * tests with one line instead of failing.
 */
public final class Browsers {

    public static final Path CHROMIUM = Path.of(System.getProperty("hongbao.test.chromium", "/usr/bin/chromium"));
    public static final Path CHROMEDRIVER =
            Path.of(System.getProperty("hongbao.test.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    /** How big the window is: a phone held upright, or a laptop. */
    public enum Viewport {
        PHONE(390, 844),
        DESKTOP(1366, 900);

        final int width;
        final int height;

        Viewport(int width, int height) {
            this.width = width;
            this.height = height;
        }
    }

    private Browsers() {}

    public static boolean installed() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    public static void assumeInstalled() {
        Assumptions.assumeTrue(
                installed(),
                "skipped: chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)");
    }

    /** A fresh browser (its own profile, so its own sessionStorage) in that viewport and language. */
    public static Browser open(String baseUrl, Viewport viewport, String language, String testName) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--disable-extensions",
                "--no-first-run",
                "--lang=" + language,
                "--window-size=" + viewport.width + "," + viewport.height);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        if (viewport == Viewport.PHONE) {
            // Pixel ratio 1 keeps the screenshots small; touch and the mobile viewport as on a phone.
            options.setExperimentalOption(
                    "mobileEmulation",
                    Map.of(
                            "deviceMetrics",
                            Map.of(
                                    "width",
                                    viewport.width,
                                    "height",
                                    viewport.height,
                                    "pixelRatio",
                                    1.0,
                                    "touch",
                                    true),
                            "userAgent",
                            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                                    + "Chrome/156.0 Mobile Safari/537.36"));
        }
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString()))
                .usingAnyFreePort()
                .build();
        return new Browser(new ChromeDriver(service, options), baseUrl, SCREENSHOTS, testName);
    }

    /** The console messages a test may see: network failures for the HTTP statuses it provokes on purpose. */
    static boolean expected(String message, List<Integer> statuses) {
        return statuses.stream()
                .anyMatch(status -> message.contains("the server responded with a status of " + status + " "));
    }
}
