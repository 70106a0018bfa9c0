package io.envhub.registry.index;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The index pages (HTML and JSON), content negotiation, redirects, and private environments as 404. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class IndexPagesTest {
    private static final String PIP_ACCEPT =
            "application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html; q=0.1, text/html; q=0.01";
    private static final Pattern ANCHOR = Pattern.compile("<a href=\"([^\"#]+)#sha256=([0-9a-f]{64})\"([^>]*)>([^<]+)</a>");
    private static final Pattern ATTRIBUTE = Pattern.compile("\\s([a-z-]+)=\"([^\"]*)\"");

    static TestWheels.Built v1;
    static TestWheels.Built v2;
    static boolean yanked;

    @BeforeEach
    void environments() {
        v1 = IndexFixtures.pushed("Index_Demo", "1.0", null);
        v2 = IndexFixtures.pushed("Index_Demo", "2.0", null);
        IndexFixtures.pushed("index-secret", "0.1", "private");
        if (!yanked) {
            IndexFixtures.yank("index-demo", "2.0", IndexFixtures.YANK_REASON);
            yanked = true;
        }
    }

    @Test
    void theHtmlPageListsEveryFileWithItsRealHashYankMarkerAndMetadataHash() {
        Response page = given().get("/simple/alice/index-demo/");
        page.then().statusCode(200).contentType("text/html").header("Vary", "Accept")
                .body(containsString("<meta name=\"pypi:repository-version\" content=\"1.1\">"));
        Map<String, Map<String, String>> anchors = anchors(page.asString());
        assertEquals(List.of(v1.filename(), v2.filename()), new ArrayList<>(anchors.keySet()), "both files, oldest first");

        for (TestWheels.Built wheel : List.of(v1, v2)) {
            Map<String, String> a = anchors.get(wheel.filename());
            assertEquals("/simple/alice/index-demo/" + wheel.filename(), a.get("href"));
            assertEquals(IndexFixtures.sha256(wheel.bytes()), a.get("sha256"), "the fragment is the file's real sha256");
            assertEquals("&gt;=3.9", a.get("data-requires-python"), "Requires-Python is HTML-escaped");
            String metadata = given().get(a.get("href") + ".metadata").then().statusCode(200)
                    .contentType("text/plain").extract().asString();
            assertTrue(metadata.startsWith("Metadata-Version: 2.1"), metadata);
            String metadataSha = IndexFixtures.sha256(metadata.getBytes(StandardCharsets.UTF_8));
            assertEquals("sha256=" + metadataSha, a.get("data-core-metadata"), "PEP 714 hash matches the served metadata");
            assertFalse(a.containsKey("data-dist-info-metadata"), "PEP 714: not the old name (pip 23.0 crashes on it)");
        }
        assertFalse(anchors.get(v1.filename()).containsKey("data-yanked"), "the live version is not marked");
        assertEquals("broken &quot;reward&quot; &lt;b&gt; &amp; &#39;quotes&#39;", anchors.get(v2.filename()).get("data-yanked"));
    }

    @Test
    void theJsonPageFollowsPep691And700() {
        Response page = given().accept(PIP_ACCEPT).get("/simple/alice/index-demo/");
        page.then().statusCode(200).contentType("application/vnd.pypi.simple.v1+json").header("Vary", "Accept");
        JsonPath json = new JsonPath(page.asString());
        assertEquals("1.1", json.getString("meta.api-version"));
        assertEquals("index-demo", json.getString("name"));
        assertEquals(List.of("1.0", "2.0"), json.getList("versions"));
        assertEquals(List.of(v1.filename(), v2.filename()), json.getList("files.filename"));
        for (int i = 0; i < 2; i++) {
            TestWheels.Built wheel = i == 0 ? v1 : v2;
            String file = "files[" + i + "].";
            assertEquals("/simple/alice/index-demo/" + wheel.filename(), json.getString(file + "url"));
            assertEquals(IndexFixtures.sha256(wheel.bytes()), json.getString(file + "hashes.sha256"));
            assertEquals(">=3.9", json.getString(file + "requires-python"));
            assertEquals(wheel.bytes().length, json.getInt(file + "size"));
            assertTrue(json.getString(file + "upload-time").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z"));
            String metadata = given().get(json.getString(file + "url") + ".metadata").then().statusCode(200).extract().asString();
            String metadataSha = IndexFixtures.sha256(metadata.getBytes(StandardCharsets.UTF_8));
            assertEquals(metadataSha, json.getString(file + "core-metadata.sha256"));
            assertNull(json.get(file + "dist-info-metadata"), "PEP 714: not the old name (pip 23.0 crashes on it)");
        }
        assertEquals(Boolean.FALSE, json.get("files[0].yanked"));
        assertEquals(IndexFixtures.YANK_REASON, json.get("files[1].yanked"));
    }

    @Test
    void contentNegotiationFollowsPep691WithQualityValues() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put(PIP_ACCEPT, "application/vnd.pypi.simple.v1+json");
        expected.put("application/vnd.pypi.simple.latest+json", "application/vnd.pypi.simple.v1+json");
        expected.put("application/vnd.pypi.simple.v1+html", "application/vnd.pypi.simple.v1+html");
        expected.put("text/html", "text/html");
        expected.put("*/*", "text/html");
        expected.put("application/*", "application/vnd.pypi.simple.v1+html");
        expected.put("application/vnd.pypi.simple.v1+json;q=0.2, text/html;q=0.5", "text/html");
        expected.put("text/html;q=0, */*;q=0.8", "application/vnd.pypi.simple.v1+html");
        expected.put("application/vnd.pypi.simple.v1+json; q=0, application/*", "application/vnd.pypi.simple.v1+html");
        for (var e : expected.entrySet()) {
            for (String path : List.of("/simple/alice/", "/simple/alice/index-demo/")) {
                String type = given().header("Accept", e.getKey()).get(path).then().statusCode(200).extract().contentType();
                assertTrue(type.startsWith(e.getValue()), e.getKey() + " on " + path + " -> " + type);
            }
        }
        given().get("/simple/alice/index-demo/").then().statusCode(200).contentType("text/html");
        given().header("Accept", "text/html").queryParam("format", "application/vnd.pypi.simple.v1+json")
                .get("/simple/alice/index-demo/").then().statusCode(200).contentType("application/vnd.pypi.simple.v1+json");
        for (String refused : List.of("application/json", "text/plain, image/*", "text/html;q=0")) {
            given().header("Accept", refused).get("/simple/alice/index-demo/").then().statusCode(406)
                    .contentType("application/problem+json").body("detail", containsString("application/vnd.pypi.simple.v1+json"));
        }
    }

    @Test
    void theOwnerRootListsProjectsInHtmlAndJson() {
        given().get("/simple/alice/").then().statusCode(200).contentType("text/html")
                .body(containsString("<meta name=\"pypi:repository-version\" content=\"1.1\">"))
                .body(containsString("<a href=\"/simple/alice/index-demo/\">Index_Demo</a>"));
        given().accept("application/vnd.pypi.simple.v1+json").get("/simple/alice/").then().statusCode(200)
                .contentType("application/vnd.pypi.simple.v1+json")
                .body("meta.api-version", equalTo("1.1")).body("projects.name", hasItem("Index_Demo"));
    }

    @Test
    void namesAndTrailingSlashesRedirectLikePypi() {
        Map<String, String> redirects = new LinkedHashMap<>();
        redirects.put("/simple/alice/Index_Demo/", "/simple/alice/index-demo/");
        redirects.put("/simple/alice/INDEX.demo", "/simple/alice/index-demo/");
        redirects.put("/simple/alice/index-demo", "/simple/alice/index-demo/");
        redirects.put("/simple/alice", "/simple/alice/");
        redirects.put("/simple/ALICE/", "/simple/alice/");
        redirects.put("/simple/Alice/index-demo/", "/simple/alice/index-demo/");
        for (var e : redirects.entrySet()) {
            given().redirects().follow(false).get(e.getKey()).then().statusCode(301).header("Location", e.getValue());
        }
        given().redirects().follow(false).queryParam("format", "text/html").get("/simple/alice/index-demo").then()
                .statusCode(301).header("Location", "/simple/alice/index-demo/?format=text%2Fhtml");
    }

    @Test
    void privateProjectsAreMissingForOutsidersAndVisibleToTheirOwner() {
        TestWheels.Built secret = IndexFixtures.pushed("index-secret", "0.1", "private");
        String missing = given().get("/simple/alice/no-such-env/").then().statusCode(404)
                .contentType("application/problem+json").extract().asString();
        String hidden = given().get("/simple/alice/index-secret/").then().statusCode(404)
                .contentType("application/problem+json").extract().asString();
        String noOwner = given().get("/simple/no-such-owner-x/index-secret/").then().statusCode(404).extract().asString();
        assertEquals(missing.replace("no-such-env", "X"), hidden.replace("index-secret", "X"), "same body as a missing project");
        assertEquals(noOwner.replace("no-such-owner-x", "alice"), hidden, "same body as a missing owner");
        given().get("/simple/no-such-owner-x/").then().statusCode(404).contentType("application/problem+json");
        String file = "/simple/alice/index-secret/" + secret.filename();
        given().redirects().follow(false).get(file).then().statusCode(404);
        given().get(file + ".metadata").then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("sam", "sam")).get("/simple/alice/index-secret/").then().statusCode(404);
        given().get("/simple/alice/").then().statusCode(200).body(not(containsString("index-secret")));
        given().auth().oauth2(Tokens.forUser("sam", "sam")).get("/simple/alice/").then().body(not(containsString("index-secret")));

        String alice = IndexFixtures.alice();
        given().auth().oauth2(alice).get("/simple/alice/").then().statusCode(200)
                .body(containsString("<a href=\"/simple/alice/index-secret/\">index-secret</a>"));
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/simple/alice/").then().body(containsString("index-secret"));
        given().auth().oauth2(alice).get("/simple/alice/index-secret/").then().statusCode(200)
                .body(containsString(secret.filename() + "#sha256=" + IndexFixtures.sha256(secret.bytes())));
        given().auth().oauth2(alice).get(file + ".metadata").then().statusCode(200)
                .header("Cache-Control", containsString("private"));
        given().auth().oauth2(alice).redirects().follow(false).get(file).then().statusCode(302);
    }

    @Test
    void unknownFilesAndTheBareRootAre404() {
        given().redirects().follow(false).get("/simple/alice/index-demo/index_demo-9.9-py3-none-any.whl").then().statusCode(404);
        given().get("/simple/alice/index-demo/index_demo-9.9-py3-none-any.whl.metadata").then().statusCode(404);
        given().get("/simple/").then().statusCode(404).body("detail", containsString("/simple/{owner}/"));
    }

    /** filename -> attributes (href and sha256 split from the fragment, then the data-* attributes). */
    static Map<String, Map<String, String>> anchors(String html) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        Matcher m = ANCHOR.matcher(html);
        while (m.find()) {
            Map<String, String> attrs = new LinkedHashMap<>();
            attrs.put("href", m.group(1));
            attrs.put("sha256", m.group(2));
            Matcher a = ATTRIBUTE.matcher(m.group(3));
            while (a.find()) {
                attrs.put(a.group(1), a.group(2));
            }
            assertNull(out.put(m.group(4), attrs), "each file once");
        }
        return out;
    }
}
