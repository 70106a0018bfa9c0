package io.envhub.stacktests;

import static io.envhub.stacktests.LocalStack.FRONTEND;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** What every browser test of the stack does with its Chromium: wait, sign in as a demo user, read and click. */
final class StackPages {
    private StackPages() {
    }

    /** A wait of up to 30 s on this browser. */
    static WebDriverWait waiting(ChromeDriver driver) {
        return new WebDriverWait(driver, Duration.ofSeconds(30));
    }

    /** Signs in through Keycloak's form as a demo user (password = user name) and checks the header names them. */
    static void signIn(ChromeDriver driver, String user) {
        driver.get(FRONTEND + "/login");
        waiting(driver).until(ExpectedConditions.presenceOfElementLocated(By.id("kc-form-login")));
        driver.findElement(By.id("username")).sendKeys(user);
        driver.findElement(By.id("password")).sendKeys(user);
        driver.findElement(By.id("kc-login")).click();
        waiting(driver).until(ExpectedConditions.urlContains(FRONTEND));
        assertEquals(user, driver.findElement(By.cssSelector("header .who strong")).getText());
    }

    /** The text of the first element matching a CSS selector. */
    static String text(ChromeDriver driver, String css) {
        return driver.findElement(By.cssSelector(css)).getText();
    }

    /**
     * Clicks the first element matching a CSS selector and waits until the browser has left the page it was on: a
     * form that answers with the same page (an inline error) would otherwise be read before it reloads.
     */
    static void clickAndLoad(ChromeDriver driver, String css) {
        WebElement page = driver.findElement(By.tagName("html"));
        driver.findElement(By.cssSelector(css)).click();
        waiting(driver).until(ExpectedConditions.stalenessOf(page));
    }

    /** Clicks the first element matching a CSS selector. */
    static void click(ChromeDriver driver, String css) {
        driver.findElement(By.cssSelector(css)).click();
    }
}
