package io.envhub.stacktests;

import static io.envhub.stacktests.StackPages.waiting;
import static io.envhub.stacktests.LocalStack.FRONTEND;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * A researcher's first look in real headless Chromium against the run's {@link SharedStack} (or, with
 * {@code ENVHUB_IT_RUNNING_STACK=true}, the stack already up): the Dataset tab shows the rows the stack's own validator
 * loaded in its sandbox, and on a phone the Install box comes before the README. Screenshots in
 * {@code target/screenshots/}.
 */
@OnSharedStack
class ResearcherBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String OWNER = "alice";
    private static final String NAME = "datasetpeek-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private static final String README = """
            # Dataset peek

            Reverse the text you are given.

            | Column | Meaning |
            |--------|---------|
            | prompt | the text to reverse |
            | answer | the reversed text |
            """;

    @BeforeAll
    static void stackWithAValidatedEnvironment() throws Exception {
        String token = Tokens.forUser(LocalStack.KEYCLOAK, OWNER, OWNER);
        HubApi.push(token, OWNER, TestWheels.environment(NAME, "1.0.0", "Reverse a short text", List.of("mathematics"),
                README), "public");
        assertEquals("passed", HubApi.awaitValidation(OWNER, NAME, "1.0.0", Duration.ofMinutes(5)));
    }

    @Test
    void datasetTabShowsTheValidatorsSampleAndThePhoneShowsInstallFirst() {
        try (Chromium chromium = Chromium.start()) {
            ChromeDriver driver = chromium.driver();
            driver.get(FRONTEND + "/" + OWNER + "/" + NAME);
            driver.findElement(By.cssSelector("nav.env-tabs a[href$='/dataset']")).click();
            waiting(driver).until(ExpectedConditions.urlToBe(FRONTEND + "/" + OWNER + "/" + NAME + "/dataset"));
            assertEquals("Dataset of v1.0.0", driver.findElement(By.cssSelector("section.dataset h2")).getText());
            List<String> headers = driver.findElements(By.cssSelector("table.dataset-rows thead th")).stream()
                    .map(WebElement::getText).toList();
            assertTrue(headers.size() > 1 && headers.subList(1, headers.size()).contains("prompt"), headers.toString());
            List<WebElement> rows = driver.findElements(By.cssSelector("table.dataset-rows tbody tr"));
            assertFalse(rows.isEmpty(), "the validator's sample rows are shown");
            assertFalse(rows.get(0).findElements(By.cssSelector("pre.cell")).get(0).getText().isBlank(), "cells have text");
            chromium.screenshots(SCREENSHOTS, "dataset");

            driver.get(FRONTEND + "/" + OWNER + "/" + NAME);
            driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", Chromium.PHONE_WIDTH,
                    "height", Chromium.PHONE_HEIGHT, "deviceScaleFactor", 1, "mobile", true));
            try {
                int install = driver.findElement(By.cssSelector("section.install")).getRect().getY();
                int readme = driver.findElement(By.cssSelector("article.readme")).getRect().getY();
                assertTrue(install < readme, "on a phone the Install box (y=" + install + ") comes before the README (y="
                        + readme + ")");
                int code = driver.findElement(By.id("install-pip")).getRect().getWidth();
                assertTrue(code <= Chromium.PHONE_WIDTH, "the install command wraps inside the screen: " + code);
            } finally {
                driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            }
            chromium.screenshots(SCREENSHOTS, "environment-install-first");
        }
    }
}
