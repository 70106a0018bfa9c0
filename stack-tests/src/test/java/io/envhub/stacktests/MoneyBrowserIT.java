package io.envhub.stacktests;

import static io.envhub.stacktests.StackPages.click;
import static io.envhub.stacktests.StackPages.clickAndLoad;
import static io.envhub.stacktests.StackPages.signIn;
import static io.envhub.stacktests.StackPages.text;
import static io.envhub.stacktests.StackPages.waiting;
import static io.envhub.stacktests.LocalStack.FRONTEND;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.RepoPaths;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The money of a bounty in real headless Chromium against the real stack ({@code ./envhub-stack up}, fresh data dir):
 * sam cannot open an unfunded bounty (the refusal is shown next to it); ada records sam's bank transfer on
 * {@code /admin/funding}; sam opens the bounty (its reward moves to escrow); alice submits, sam starts the review and
 * approves; alice's earnings show the award payable, not paid; ada confirms the payout with a reference on
 * {@code /admin/payouts} (after downloading the CSV); alice's earnings show it paid; the reconciliation on
 * {@code /admin/ledger} is green; sam's dashboard shows what was paid to whom. Screenshots go to
 * {@code docs/screenshots/}.
 *
 * <p>With {@code ENVHUB_IT_RUNNING_STACK=true} it uses a stack that is already up on the default ports (Keycloak at
 * {@code ENVHUB_KEYCLOAK_URL}); whoever runs it so holds the stack port lock.
 *
 * <p>Not on the {@link SharedStack}: it asserts sam's balance and escrow totals, alice's earning totals and a payouts
 * CSV holding an alice payout of 250000; another class's bounty (funded, held in escrow or awarded to alice) would
 * change those totals or satisfy the CSV check by itself.
 */
class MoneyBrowserIT {
    private static final Path SCREENSHOTS = RepoPaths.root().resolve("docs/screenshots");
    private static final String U = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private static final String ENV = "ledger-drills-" + U;
    private static final String TITLE = "Double-entry bookkeeping drills " + U;
    private static final String WIRE = "WIRE-2026-" + U.toUpperCase(java.util.Locale.ROOT);
    private static final String PAID_REF = "SEPA-" + U.toUpperCase(java.util.Locale.ROOT);

    private static final boolean RUNNING = "true".equals(System.getenv("ENVHUB_IT_RUNNING_STACK"));
    private static final String KEYCLOAK = RUNNING && System.getenv("ENVHUB_KEYCLOAK_URL") != null
            ? System.getenv("ENVHUB_KEYCLOAK_URL") : LocalStack.KEYCLOAK;

    private static LocalStack stack;

    @BeforeAll
    static void stackWithAValidatedVersion() throws Exception {
        stack = RUNNING ? null : LocalStack.up(Duration.ofMinutes(20));
        String aliceToken = Tokens.forUser(KEYCLOAK, "alice", "alice");
        HubApi.push(aliceToken, "alice", TestWheels.environment(ENV, "0.1.0", "Bookkeeping drills for agents",
                List.of("finance", "single-turn")), "public");
        assertEquals("passed", HubApi.awaitValidation("alice", ENV, "0.1.0", Duration.ofMinutes(5)));
    }

    @AfterAll
    static void stackDown() throws Exception {
        if (stack != null) {
            stack.close();
        }
    }

    /** Desktop screenshot only (the phone one is kept for the pages that need it). */
    private static void desktopShot(Chromium browser, String name) throws Exception {
        browser.screenshots(SCREENSHOTS, name);
        Files.deleteIfExists(SCREENSHOTS.resolve(name + "-phone.png"));
    }

    @Test
    void fundingEscrowApprovalPayoutAndReconciliation() throws Exception {
        try (Chromium adaBrowser = Chromium.start(); Chromium samBrowser = Chromium.start();
             Chromium aliceBrowser = Chromium.start()) {
            ChromeDriver ada = adaBrowser.driver();
            ChromeDriver sam = samBrowser.driver();
            ChromeDriver alice = aliceBrowser.driver();
            signIn(ada, "ada");
            signIn(sam, "sam");
            signIn(alice, "alice");

            // the Sponsor link is in sam's navigation, not in alice's; admin pages are a plain 404 for sam
            assertFalse(sam.findElements(By.cssSelector("header.top nav a[href='/sponsor']")).isEmpty());
            assertTrue(alice.findElements(By.cssSelector("header.top nav a[href='/sponsor']")).isEmpty());
            sam.get(FRONTEND + "/admin/payouts");
            assertEquals("404", text(sam, ".error-code"));

            // sam drafts an open-access bounty of $2,500 and cannot open it unfunded: the API's refusal is inline
            sam.get(FRONTEND + "/sponsor");
            sam.findElement(By.id("b-title")).sendKeys(TITLE);
            new org.openqa.selenium.support.ui.Select(sam.findElement(By.id("b-domain"))).selectByValue("finance");
            sam.findElement(By.id("b-description")).sendKeys("Drills on **double-entry** bookkeeping.");
            sam.findElement(By.id("b-criteria")).sendKeys("Every drill balances\nA rubric with partial credit");
            click(sam, "input[name='tier'][value='open_access']");
            sam.findElement(By.id("b-reward")).sendKeys("2500");
            sam.findElement(By.id("b-awards")).clear();
            sam.findElement(By.id("b-awards")).sendKeys("1");
            click(sam, "#bounty-form button[type='submit']");
            waiting(sam).until(ExpectedConditions.urlContains("done=created"));
            WebElement draft = sam.findElement(By.xpath("//article[contains(@class,'sponsored')][.//a[text()='" + TITLE + "']]"));
            String bountyId = draft.getAttribute("id").substring("bounty-".length());
            draft.findElement(By.xpath(".//form[contains(@action,'/open')]//button")).click();
            WebElement refusal = waiting(sam).until(ExpectedConditions.presenceOfElementLocated(
                    By.cssSelector("#bounty-" + bountyId + " .field-error")));
            // next to the Open button, in money, not minor units (issue 36 item 10)
            refusal = sam.findElement(By.id("open-error-" + bountyId));
            WebElement openButton = sam.findElement(By.cssSelector("#bounty-" + bountyId + " form[action*='/open'] button"));
            assertTrue(Math.abs(refusal.getRect().getY() - openButton.getRect().getY()) < 60,
                    "the refusal " + refusal.getRect() + " is next to the button " + openButton.getRect());
            assertTrue(refusal.getText().contains("$2,500.00") && !refusal.getText().contains("250000"), refusal.getText());
            assertTrue(refusal.getText().contains("$0.00 available"), refusal.getText());
            assertEquals("draft", text(sam, "#bounty-" + bountyId + " .badge-bounty-draft"));

            // ada records sam's bank transfer; a typo is named first
            ada.get(FRONTEND + "/admin/funding");
            ada.findElement(By.id("f-sponsor")).sendKeys("sam");
            ada.findElement(By.id("f-amount")).sendKeys("2,500.005");
            ada.findElement(By.id("f-reference")).sendKeys(WIRE);
            clickAndLoad(ada, "#funding-form button[type='submit']");
            assertTrue(text(ada, "#funding-form").contains("Enter a positive amount in USD"), text(ada, "#funding-form"));
            ada.findElement(By.id("f-amount")).clear();
            ada.findElement(By.id("f-amount")).sendKeys("2,500.00");
            desktopShot(adaBrowser, "admin-funding");
            clickAndLoad(ada, "#funding-form button[type='submit']");
            waiting(ada).until(ExpectedConditions.urlContains("done=funded"));
            // the funding page lists what was recorded before (issue 36 item 10)
            assertTrue(text(ada, "#funding-list").contains(WIRE) && text(ada, "#funding-list").contains("$2,500.00"),
                    text(ada, "#funding-list"));

            // sam sees the balance and the transfer, opens the bounty: the reward moves to escrow
            sam.get(FRONTEND + "/sponsor");
            assertTrue(text(sam, "#balances").contains("$2,500.00 available"), text(sam, "#balances"));
            assertTrue(sam.findElement(By.id("funding-history")).getAttribute("innerHTML").contains(WIRE));
            sam.findElement(By.cssSelector("#bounty-" + bountyId + " form[action*='/open'] button")).click();
            waiting(sam).until(ExpectedConditions.urlContains("done=opened"));
            assertTrue(text(sam, "#balances").contains("$0.00 available"), text(sam, "#balances"));
            assertTrue(text(sam, "#balances").contains("$2,500.00 held in escrow"), text(sam, "#balances"));
            assertTrue(text(sam, "table.escrows").contains(TITLE), text(sam, "table.escrows"));

            // alice submits her validated version
            alice.get(FRONTEND + "/bounties/" + bountyId);
            click(alice, "#submit-form button");
            waiting(alice).until(ExpectedConditions.urlContains("done=submitted"));

            // sam starts the review from the dashboard, then approves with every criterion met
            sam.get(FRONTEND + "/sponsor");
            click(sam, "#bounty-" + bountyId + " form.start-review button");
            waiting(sam).until(ExpectedConditions.urlContains("done=review-started"));
            assertEquals("in review", text(sam, "#submission-status"));
            assertTrue(sam.findElements(By.id("start-review-form")).isEmpty(), "started once");
            // approving a paid submission with a criterion unticked and no comment needs a confirmation the server
            // checks (issue 36 item 10): without it nothing is approved
            click(sam, "#review-form button[value='approve']");
            waiting(sam).until(ExpectedConditions.presenceOfElementLocated(By.id("review-error")));
            assertTrue(text(sam, "#review-error").contains("Nothing was approved") && text(sam, "#review-error")
                    .contains("$2,500.00"), text(sam, "#review-error"));
            assertEquals("in review", text(sam, "#submission-status"));
            click(sam, "#approve-anyway");
            click(sam, "#review-form button[value='approve']");
            waiting(sam).until(ExpectedConditions.urlContains("done=reviewed"));
            assertEquals("approved", text(sam, "#submission-status"));

            // alice: payable, not paid
            alice.get(FRONTEND + "/me/bounties");
            click(alice, "#earnings-link");
            waiting(alice).until(ExpectedConditions.urlToBe(FRONTEND + "/me/earnings"));
            WebElement row = alice.findElement(By.xpath("//table[contains(@class,'my-payouts')]//tr[.//a[text()='" + TITLE + "']]"));
            assertTrue(row.getText().contains("$2,500.00"), row.getText());
            assertFalse(row.findElement(By.cssSelector(".badge")).getText().equals("paid"), "not paid before confirmation");
            assertTrue(text(alice, "#earning-totals").contains("$2,500.00 payable"), text(alice, "#earning-totals"));

            // ada downloads the CSV of payouts to pay, then confirms alice's payout with the transfer's reference
            ada.get(FRONTEND + "/admin/payouts");
            phoneWidth(ada, "payouts");
            WebElement payout = ada.findElement(By.xpath("//table[@id='payouts']//tr[@data-payee='alice'][.//a[text()='" + TITLE + "']]"));
            String payoutId = payout.getAttribute("id").substring("payout-".length());
            assertTrue(payout.getText().contains("$2,500.00"), payout.getText());
            click(ada, "#export-csv");
            String csv = Files.readString(adaBrowser.awaitDownload(Duration.ofSeconds(30)));
            assertTrue(csv.contains("alice") && csv.contains("250000"), csv);
            payout.findElement(By.cssSelector("input[name='reference']")).sendKeys(PAID_REF);
            desktopShot(adaBrowser, "admin-payouts");
            payout.findElement(By.cssSelector(".confirm-form button")).click();
            waiting(ada).until(ExpectedConditions.urlContains("done=confirmed"));
            ada.get(FRONTEND + "/admin/payouts?status=confirmed");
            assertTrue(text(ada, "#payout-" + payoutId).contains(PAID_REF), text(ada, "#payout-" + payoutId));

            // alice: paid
            alice.navigate().refresh();
            row = alice.findElement(By.id("payout-" + payoutId));
            assertEquals("paid", row.findElement(By.cssSelector(".badge")).getText());
            assertTrue(row.getText().contains(PAID_REF), row.getText());
            assertTrue(text(alice, "#earning-totals").contains("$2,500.00 paid"), text(alice, "#earning-totals"));
            aliceBrowser.screenshots(SCREENSHOTS, "earnings");

            // the reconciliation is green
            ada.get(FRONTEND + "/admin/ledger");
            WebElement verdict = ada.findElement(By.id("verdict"));
            assertTrue(verdict.getAttribute("class").contains("verdict-ok"), ada.getPageSource());
            desktopShot(adaBrowser, "admin-ledger");

            // sam sees what was paid to whom
            sam.get(FRONTEND + "/sponsor");
            WebElement paid = sam.findElement(By.xpath("//table[contains(@class,'sponsor-payouts')]//tr[.//a[text()='" + TITLE + "']]"));
            assertTrue(paid.getText().contains("alice") && paid.getText().contains("$2,500.00") && paid.getText().contains("paid"),
                    paid.getText());
            desktopShot(samBrowser, "sponsor-money");

            // cancelling a bounty takes a confirmation the server checks (issue 36 item 10)
            sam.findElement(By.id("b-title")).sendKeys("To cancel " + U);
            new org.openqa.selenium.support.ui.Select(sam.findElement(By.id("b-domain"))).selectByValue("finance");
            sam.findElement(By.id("b-description")).sendKeys("Cancelled at once.");
            sam.findElement(By.id("b-criteria")).sendKeys("None");
            click(sam, "input[name='tier'][value='open_access']");
            sam.findElement(By.id("b-reward")).sendKeys("10");
            click(sam, "#bounty-form button[type='submit']");
            waiting(sam).until(ExpectedConditions.urlContains("done=created"));
            WebElement other = sam.findElement(By.xpath("//article[contains(@class,'sponsored')][.//a[text()='To cancel " + U + "']]"));
            String otherId = other.getAttribute("id").substring("bounty-".length());
            WebElement confirm = other.findElement(By.cssSelector("form.cancel-bounty input[name='confirm']"));
            sam.executeScript("arguments[0].removeAttribute('required')", confirm); // what a browser without the check sends
            other.findElement(By.cssSelector("form.cancel-bounty button")).click();
            WebElement notCancelled = waiting(sam).until(ExpectedConditions.presenceOfElementLocated(By.id("cancel-error-" + otherId)));
            assertTrue(notCancelled.getText().contains("Nothing was cancelled"), notCancelled.getText());
            assertEquals("draft", text(sam, "#bounty-" + otherId + " .badge-bounty-draft"));
            click(sam, "#bounty-" + otherId + " form.cancel-bounty input[name='confirm']");
            click(sam, "#bounty-" + otherId + " form.cancel-bounty button");
            waiting(sam).until(ExpectedConditions.urlContains("done=cancelled"));
        }
    }

    /** At 390 x 844 the page does not scroll sideways (issue 36 item 10). */
    private static void phoneWidth(ChromeDriver driver, String page) {
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", java.util.Map.of("width", Chromium.PHONE_WIDTH,
                "height", Chromium.PHONE_HEIGHT, "deviceScaleFactor", 1, "mobile", true));
        try {
            driver.navigate().refresh();
            Object width = driver.executeScript("return document.documentElement.scrollWidth;");
            assertTrue(((Number) width).intValue() <= Chromium.PHONE_WIDTH, page + " scrolls sideways: " + width);
        } finally {
            driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", java.util.Map.of());
            driver.navigate().refresh();
        }
    }
}
