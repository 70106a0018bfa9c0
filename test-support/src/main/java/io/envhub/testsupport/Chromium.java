package io.envhub.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Debian Chromium driven by the Debian chromedriver (Selenium), the recipe from STACK-NOTES: fixed binary
 * and driver paths (Selenium Manager never downloads anything), a fresh profile per browser, a download directory of
 * its own. One instance is one browser with its own cookies; {@link #close()} quits it and deletes its profile.
 *
 * <p>Needs {@code org.seleniumhq.selenium:selenium-java} on the caller's test classpath (optional here).
 */
public final class Chromium implements AutoCloseable {
    /** Desktop viewport used for screenshots. */
    public static final int DESKTOP_WIDTH = 1280;
    /** Desktop viewport height. */
    public static final int DESKTOP_HEIGHT = 900;
    /** Phone viewport (an ordinary modern phone in portrait). */
    public static final int PHONE_WIDTH = 390;
    /** Phone viewport height. */
    public static final int PHONE_HEIGHT = 844;

    private static final String BINARY = System.getenv().getOrDefault("ENVHUB_TEST_CHROMIUM", "/usr/bin/chromium");
    private static final String DRIVER = System.getenv().getOrDefault("ENVHUB_TEST_CHROMEDRIVER", "/usr/bin/chromedriver");

    private final ChromeDriver driver;
    private final Path profile;
    private final Path downloads;

    private Chromium(ChromeDriver driver, Path profile, Path downloads) {
        this.driver = driver;
        this.profile = profile;
        this.downloads = downloads;
    }

    /** Starts a fresh headless browser with a 1280x900 viewport; clipboard access is granted to every origin. */
    public static Chromium start() {
        try {
            Path profile = Files.createTempDirectory("envhub-chromium-");
            Path downloads = Files.createDirectories(profile.resolve("downloads"));
            ChromeOptions options = new ChromeOptions();
            options.setBinary(BINARY);
            options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=" + DESKTOP_WIDTH + "," + DESKTOP_HEIGHT,
                    "--user-data-dir=" + profile.resolve("profile"));
            options.setExperimentalOption("prefs", Map.of(
                    "download.default_directory", downloads.toString(),
                    "download.prompt_for_download", false,
                    "safebrowsing.enabled", false));
            // an alert left open must be seen by the test, not dismissed by the driver
            options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File(DRIVER)).usingAnyFreePort().build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60)).scriptTimeout(Duration.ofSeconds(15));
            driver.executeCdpCommand("Browser.setDownloadBehavior",
                    Map.of("behavior", "allow", "downloadPath", downloads.toString(), "eventsEnabled", true));
            driver.executeCdpCommand("Browser.grantPermissions",
                    Map.of("permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
            return new Chromium(driver, profile, downloads);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Selenium driver. */
    public ChromeDriver driver() {
        return driver;
    }

    /** The directory the browser saves downloads into. */
    public Path downloads() {
        return downloads;
    }

    /**
     * Waits for a completed download (a file that is not Chromium's {@code .crdownload} partial file).
     *
     * @return the downloaded file
     * @throws AssertionError when none completes in time
     */
    public Path awaitDownload(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Stream<Path> files = Files.list(downloads)) {
                List<Path> all = files.toList();
                boolean partial = all.stream().anyMatch(p -> p.toString().endsWith(".crdownload"));
                if (!partial && !all.isEmpty()) {
                    return all.get(0);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no download finished in " + timeout + " under " + downloads);
    }

    /**
     * Saves a PNG of the current page's viewport at desktop size and at phone size ({@code name-desktop.png},
     * {@code name-phone.png} under {@code dir}); both sizes are emulated (the phone as a mobile viewport), then reset.
     */
    public void screenshots(Path dir, String name) {
        try {
            Files.createDirectories(dir);
            try {
                shot(dir.resolve(name + "-desktop.png"), DESKTOP_WIDTH, DESKTOP_HEIGHT, false);
                shot(dir.resolve(name + "-phone.png"), PHONE_WIDTH, PHONE_HEIGHT, true);
            } finally {
                driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A viewport-sized PNG at exactly width x height CSS pixels (the window's own viewport is smaller: chrome). */
    private void shot(Path file, int width, int height, boolean mobile) throws IOException {
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height,
                "deviceScaleFactor", 1, "mobile", mobile));
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> paths = Files.walk(profile)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a leftover temp profile is harmless
            }
        }
    }
}
