package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Home, search and owner pages against the real backend, with data pushed through its public API. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class BrowsePagesTest {
    @Test
    void homeShowsSearchBoxCountsAndTheNewestEnvironment() {
        String name = "home-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        String html = given().get("/").then().statusCode(200).extract().asString();
        assertTrue(html.contains("action=\"/search\""), "search box");
        assertTrue(html.contains("environments</li>"), "counts");
        assertTrue(html.contains("Recently updated"), "recent list");
        assertTrue(html.contains("href=\"/alice/" + name + "\""), "the new environment is listed");
    }

    @Test
    void tagFacetsNarrowAndWidenTheResults() {
        String tag = "t" + HubFixtures.unique();
        String extra = "x" + HubFixtures.unique();
        String a = "facet-a-" + HubFixtures.unique();
        String b = "facet-b-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(a, "1.0.0", "First of two", List.of(tag, extra)), null);
        HubFixtures.push("sam", "sam", TestWheels.environment(b, "1.0.0", "Second of two", List.of(tag)), null);

        String both = given().get("/search?tag=" + tag).then().statusCode(200).extract().asString();
        assertTrue(both.contains("href=\"/alice/" + a + "\"") && both.contains("href=\"/sam/" + b + "\""), both);
        assertTrue(both.contains("of 2 environments"), "total");
        String narrow = "/search?tag=" + tag + "&amp;tag=" + extra;
        assertTrue(both.contains("href=\"" + narrow + "\">" + extra + "</a> <span class=\"muted\">1</span>"),
                "facet with count links to the narrower search");

        String one = given().urlEncodingEnabled(false).get(narrow.replace("&amp;", "&")).then().statusCode(200)
                .extract().asString();
        assertTrue(one.contains("href=\"/alice/" + a + "\""), "a has both tags");
        assertFalse(one.contains("href=\"/sam/" + b + "\""), "b lacks the extra tag");
        assertTrue(one.contains("href=\"/search?tag=" + tag + "\" title=\"remove this tag\""), "remove-tag link");
        assertTrue(one.contains("type=\"hidden\" name=\"tag\" value=\"" + extra + "\""), "form keeps the tags");
    }

    @Test
    void fullTextFindsByNameAndSummary() {
        String name = "findme-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0", "Zebra crossing puzzles", List.of()), null);
        given().get("/search?q=" + name).then().statusCode(200).body(containsString("href=\"/alice/" + name + "\""))
                .body(containsString("value=\"" + name + "\""));
        given().get("/search?q=zebra crossing").then().statusCode(200).body(containsString("href=\"/alice/" + name + "\""));
    }

    @Test
    void backendProblemsAreShownNextToTheSearchBox() {
        String html = given().get("/search?sort=sideways").then().statusCode(400).contentType(containsString("text/html"))
                .extract().asString();
        assertTrue(html.contains("id=\"search-problem\""), html);
        assertTrue(html.contains("sort must be one of"), "the backend's detail");
        assertTrue(html.contains("aria-invalid=\"true\""), "the field is marked");
    }

    @Test
    void validatedAndTaskFiltersChangeTheResults() {
        String tag = "v" + HubFixtures.unique();
        String good = "good-" + HubFixtures.unique();
        String plain = "plain-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(good, "1.0.0", "Validated one", List.of(tag, "tool-use")), null);
        HubFixtures.push("alice", "alice", TestWheels.environment(plain, "1.0.0", "Pending one", List.of(tag)), null);
        PageFixtures.validate("alice", good, "1.0.0", PageFixtures.report("validated", List.of("a b c d e f")));

        String validated = given().get("/search?tag=" + tag + "&validated=true").then().statusCode(200).extract().asString();
        assertTrue(validated.contains("/alice/" + good + "\""), validated);
        assertFalse(validated.contains("/alice/" + plain + "\""), "pending one filtered out");
        assertTrue(validated.contains("name=\"validated\" value=\"true\" checked"), "checkbox kept");
        String tasks = given().get("/search?tag=" + tag + "&task=tool-use").then().statusCode(200).extract().asString();
        assertTrue(tasks.contains("/alice/" + good + "\"") && !tasks.contains("/alice/" + plain + "\""), tasks);
        given().get("/search?task=juggling").then().statusCode(400).body(containsString("search-problem"));
    }

    @Test
    void ownerPagesShowUsersAndOrganisationsWithTheirEnvironments() {
        String name = "own-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        given().get("/alice").then().statusCode(200).body(containsString("@alice")).body(containsString("User"))
                .body(containsString("href=\"/alice/" + name + "\""));

        String org = "org" + HubFixtures.unique();
        given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice")).contentType("application/json")
                .body("{\"name\":\"" + org + "\",\"displayName\":\"Org " + org + "\"}").post("/api/v1/orgs")
                .then().statusCode(201);
        String orgEnv = "orgenv-" + HubFixtures.unique();
        HubFixtures.push("alice", org, TestWheels.environment(orgEnv, "1.0.0"), null);
        given().get("/" + org).then().statusCode(200).body(containsString("Organisation"))
                .body(containsString("Org " + org)).body(containsString("href=\"/alice\">alice</a>"))
                .body(containsString("href=\"/" + org + "/" + orgEnv + "\""));
    }
}
