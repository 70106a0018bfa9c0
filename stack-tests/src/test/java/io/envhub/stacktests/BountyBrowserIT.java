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
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
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
import org.openqa.selenium.support.ui.Select;

/**
 * The bounty workflow in real headless Chromium against the real stack ({@code ./envhub-stack up}, fresh data dir, no
 * demo seeding): sam posts an application-only bounty on the sponsor dashboard; alice applies; sam accepts; alice
 * submits a validated version; sam requests changes; alice resubmits a newer version; sam approves. After each step
 * the actor who acts next sees the state on their own page. Screenshots of the board, the bounty page, the sponsor
 * dashboard and the review form (desktop and phone) land in {@code target/screenshots/}.
 *
 * <p>With {@code ENVHUB_IT_RUNNING_STACK=true} it uses a stack that is already up on the default ports (Keycloak at
 * {@code ENVHUB_KEYCLOAK_URL}) instead of starting one; whoever runs it so holds the stack port lock.
 *
 * <p>Not on the {@link SharedStack}: it asserts that alice's only submittable version is this run's, which holds only
 * while alice owns no other validated environment.
 */
class BountyBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String U = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private static final String ENV = "triage-notes-" + U;
    private static final String TITLE = "Synthetic triage notes, graded by a rubric " + U;

    private static final boolean RUNNING = "true".equals(System.getenv("ENVHUB_IT_RUNNING_STACK"));
    private static final String KEYCLOAK = RUNNING && System.getenv("ENVHUB_KEYCLOAK_URL") != null
            ? System.getenv("ENVHUB_KEYCLOAK_URL") : LocalStack.KEYCLOAK;

    private static LocalStack stack;
    private static String aliceToken;

    @BeforeAll
    static void stackWithAValidatedVersion() throws Exception {
        stack = RUNNING ? null : LocalStack.up(Duration.ofMinutes(20));
        aliceToken = Tokens.forUser(KEYCLOAK, "alice", "alice");
        HubApi.push(aliceToken, "alice", TestWheels.environment(ENV, "0.1.0", "Triage notes for agents",
                List.of("medicine", "single-turn")), "public");
        assertEquals("passed", HubApi.awaitValidation("alice", ENV, "0.1.0", Duration.ofMinutes(5)));
    }

    @AfterAll
    static void stackDown() throws Exception {
        if (stack != null) {
            stack.close();
        }
    }

    /** ada (admin) records funding received from sam, through bounty-service's API. */
    private static void fundSam(long amountMinor) throws Exception {
        String body = "{\"sponsor\":\"sam\",\"amountMinor\":" + amountMinor + ",\"currency\":\"USD\",\"reference\":\"it-"
                + U + "\"}";
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                .newBuilder(java.net.URI.create("http://127.0.0.1:8082/api/v1/ledger/funding"))
                .header("Authorization", "Bearer " + Tokens.forUser(KEYCLOAK, "ada", "ada"))
                .header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(201, r.statusCode(), r.body());
    }

    @Test
    void sponsorAndContributorTakeABountyFromPostToApproval() throws Exception {
        try (Chromium samBrowser = Chromium.start(); Chromium aliceBrowser = Chromium.start()) {
            ChromeDriver sam = samBrowser.driver();
            ChromeDriver alice = aliceBrowser.driver();
            signIn(sam, "sam");
            signIn(alice, "alice");

            // sam posts an application-only bounty (a draft), sees the form refuse a missing field, then opens it
            sam.get(FRONTEND + "/sponsor");
            sam.findElement(By.id("b-title")).sendKeys(TITLE);
            new Select(sam.findElement(By.id("b-domain"))).selectByValue("medicine");
            sam.findElement(By.id("b-description")).sendKeys("Build a **triage** environment from synthetic notes.");
            click(sam, "input[name='tier'][value='application_only']");
            sam.findElement(By.id("b-reward")).sendKeys("2500");
            sam.findElement(By.id("b-awards")).clear();
            sam.findElement(By.id("b-awards")).sendKeys("1");
            clickAndLoad(sam, "#bounty-form button[type='submit']");
            assertTrue(text(sam, "#bounty-form").contains("List at least one acceptance criterion"),
                    "a missing criterion is shown next to the form");
            sam.findElement(By.id("b-criteria")).sendKeys("Only synthetic notes\nA rubric with at least three criteria");
            click(sam, "#bounty-form button[type='submit']");
            waiting(sam).until(ExpectedConditions.urlContains("done=created"));
            WebElement draft = sam.findElement(By.xpath("//article[contains(@class,'sponsored')][.//a[text()='" + TITLE + "']]"));
            String bountyId = draft.getAttribute("id").substring("bounty-".length());
            assertEquals("draft", draft.findElement(By.cssSelector(".badge-bounty-draft")).getText());
            fundSam(250_000);   // opening reserves reward × max awards from sam's balance (issue 12)
            draft.findElement(By.xpath(".//form[contains(@action,'/open')]//button")).click();
            waiting(sam).until(ExpectedConditions.urlContains("done=opened"));
            assertEquals("open", sam.findElement(By.cssSelector("#bounty-" + bountyId + " .badge-bounty-open")).getText());

            // alice finds it on the board, reads it and applies
            alice.get(FRONTEND + "/bounties?tier=application_only&domain=medicine");
            WebElement card = alice.findElement(By.cssSelector(".bounty-card[data-bounty='" + bountyId + "']"));
            assertEquals("$2,500", card.findElement(By.cssSelector(".bounty-reward")).getText());
            assertTrue(card.getText().contains("application only") && card.getText().contains("1 of 1 award left"),
                    card.getText());
            aliceBrowser.screenshots(SCREENSHOTS, "bounty-board");
            card.findElement(By.cssSelector("a.bounty-title")).click();
            waiting(alice).until(ExpectedConditions.urlToBe(FRONTEND + "/bounties/" + bountyId));
            assertEquals("triage", alice.findElement(By.cssSelector(".bounty-description strong")).getText(),
                    "the description is rendered Markdown");
            assertTrue(alice.findElements(By.id("submit-form")).isEmpty(), "no submit form before acceptance");
            alice.findElement(By.id("proposal")).sendKeys("I will generate 200 synthetic notes and grade them.");
            click(alice, "#apply-form button");
            waiting(alice).until(ExpectedConditions.urlContains("done=applied"));
            assertEquals("pending", text(alice, ".my-application .badge"));

            // sam accepts the application from the dashboard
            sam.get(FRONTEND + "/sponsor");
            WebElement application = sam.findElement(By.cssSelector("#bounty-" + bountyId + " .application"));
            assertTrue(application.getText().contains("alice") && application.getText().contains("200 synthetic notes"),
                    application.getText());
            samBrowser.screenshots(SCREENSHOTS, "sponsor-dashboard");
            application.findElement(By.cssSelector("button[value='accept']")).click();
            waiting(sam).until(ExpectedConditions.urlContains("done=accepted"));
            assertTrue(sam.findElements(By.cssSelector("#bounty-" + bountyId + " .application")).isEmpty(),
                    "nothing left to decide");

            // alice is accepted and submits her validated version
            alice.get(FRONTEND + "/bounties/" + bountyId);
            assertEquals("accepted", text(alice, ".my-application .badge"));
            assertEquals(List.of("alice/" + ENV + "@0.1.0"), new Select(alice.findElement(By.id("submit-version")))
                    .getOptions().stream().map(WebElement::getText).toList());
            click(alice, "#submit-form button");
            waiting(alice).until(ExpectedConditions.urlContains("done=submitted"));
            assertEquals("submitted", text(alice, ".my-submission .badge"));
            aliceBrowser.screenshots(SCREENSHOTS, "bounty-page");

            // sam reviews: one criterion met, changes requested
            sam.get(FRONTEND + "/sponsor");
            sam.findElement(By.linkText("Review alice/" + ENV + "@0.1.0")).click();
            waiting(sam).until(ExpectedConditions.presenceOfElementLocated(By.id("review-form")));
            List<WebElement> boxes = sam.findElements(By.cssSelector("#review-form input[name='checked']"));
            assertEquals(2, boxes.size(), "one box per acceptance criterion");
            boxes.get(0).click();
            sam.findElement(By.id("review-comment")).sendKeys("Add the rubric's third criterion, then resubmit.");
            samBrowser.screenshots(SCREENSHOTS, "review-form");
            click(sam, "#review-form button[value='request_changes']");
            waiting(sam).until(ExpectedConditions.urlContains("done=reviewed"));
            assertEquals("changes requested", text(sam, "#submission-status"));

            // alice sees the comment on her pages, pushes 0.2.0 and resubmits it
            alice.get(FRONTEND + "/me/bounties");
            WebElement row = alice.findElement(By.cssSelector("table.my-submissions tbody tr"));
            assertTrue(row.getText().contains("changes requested") && row.getText().contains("third criterion"), row.getText());
            HubApi.push(aliceToken, "alice", TestWheels.environment(ENV, "0.2.0", "Triage notes for agents",
                    List.of("medicine", "single-turn")), "public");
            assertEquals("passed", HubApi.awaitValidation("alice", ENV, "0.2.0", Duration.ofMinutes(5)));
            alice.get(FRONTEND + "/bounties/" + bountyId);
            assertTrue(text(alice, ".review-comment").contains("third criterion"));
            new Select(alice.findElement(By.id("resubmit-version"))).selectByValue("alice/" + ENV + "@0.2.0");
            click(alice, "#resubmit-form button");
            waiting(alice).until(ExpectedConditions.urlContains("done=resubmitted"));
            assertEquals("submitted", text(alice, ".my-submission .badge"));
            assertTrue(text(alice, ".my-submission").contains("@0.2.0"), text(alice, ".my-submission"));

            // sam approves the new version with every criterion ticked
            sam.get(FRONTEND + "/sponsor");
            sam.findElement(By.linkText("Review alice/" + ENV + "@0.2.0")).click();
            waiting(sam).until(ExpectedConditions.presenceOfElementLocated(By.id("review-form")));
            assertTrue(text(sam, ".reviews").contains("third criterion"), "the earlier review is kept");
            sam.findElements(By.cssSelector("#review-form input[name='checked']")).forEach(WebElement::click);
            click(sam, "#review-form button[value='approve']");
            waiting(sam).until(ExpectedConditions.urlContains("done=reviewed"));
            assertEquals("approved", text(sam, "#submission-status"));
            assertTrue(sam.findElements(By.id("review-form")).isEmpty(), "a decided submission has no review form");

            // everyone sees the award
            alice.get(FRONTEND + "/me/bounties");
            assertTrue(text(alice, "table.my-submissions tbody tr").contains("approved"));
            alice.get(FRONTEND + "/bounties/" + bountyId);
            assertEquals("approved", text(alice, ".my-submission .badge"));
            assertEquals("awarded", text(alice, "#bounty-status"), "its only award is given");
            alice.get(FRONTEND + "/alice/" + ENV);
            assertEquals("Version 0.2.0: submitted to bounty " + TITLE + " (approved)", text(alice, ".bounty-award"),
                    "the environment's page names the award");
        }
        try (Chromium anonymous = Chromium.start()) {
            ChromeDriver visitor = anonymous.driver();
            visitor.get(FRONTEND + "/bounties?status=awarded");
            assertFalse(visitor.findElements(By.linkText(TITLE)).isEmpty(), "on the board under awarded");
            visitor.findElement(By.linkText(TITLE)).click();
            WebElement awarded = waiting(visitor).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("ul.awarded li")));
            assertEquals("alice/" + ENV + "@0.2.0 by alice", awarded.getText());
            assertEquals("/alice/" + ENV + "/versions/0.2.0",
                    java.net.URI.create(awarded.findElements(By.tagName("a")).get(1).getAttribute("href")).getPath());
            assertTrue(visitor.findElements(By.id("apply-form")).isEmpty(), "no forms for visitors");
            visitor.get(FRONTEND + "/alice/" + ENV);
            assertEquals("Version 0.2.0: submitted to bounty " + TITLE + " (approved)", text(visitor, ".bounty-award"),
                    "visitors see the award on the environment's page too");
        }
    }
}
