package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.metadata.MetadataField;
import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.WheelWriter;
import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What researchers look at, against the real backend: the Dataset tab (escaped), project links and licence, the pinned
 * install command, and the polish every page shares (description, favicon, top search, versioned and compressed
 * assets, sign-in that comes back, long names).
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class ResearcherPagesTest {
    private static final List<String> ROWS = List.of("add two and three five", "capital of italy rome");
    private static final Pattern ASSET = Pattern.compile("href=\"(/assets/[0-9a-f]{12}/css/envhub\\.css)\"");

    @TestHTTPResource("/")
    URL root;

    static TestWheels.Built wheelWithLinks(String name, String version) {
        return wheelWithLinks(name, version, List.of("mathematics", "math"), "Apache-2.0");
    }

    static TestWheels.Built wheelWithLinks(String name, String version, List<String> keywords, String license) {
        CoreMetadata metadata = new CoreMetadata("2.1", name, version, "Arithmetic <b>drills</b>", keywords, license,
                ">=3.9", List.of(), null, null, "text/markdown", "# Arith\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
                List.of(new MetadataField("Project-URL", "Source, https://github.com/alice/" + name),
                        new MetadataField("Project-URL", "Paper, https://arxiv.org/abs/2401.00001"),
                        new MetadataField("Project-URL", "Evil, javascript:alert(1)")));
        WheelWriter writer = new WheelWriter(metadata).addFile(ProjectName.of(name).moduleName() + ".py",
                "def load_environment(**kwargs):\n    return {}\n".getBytes(StandardCharsets.UTF_8));
        return new TestWheels.Built(writer.fileName().toString(), writer.toBytes());
    }

    @Test
    void datasetTabShowsTheFirstRowsEscapedWithTheirColumnTypes() {
        String name = "ds-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", wheelWithLinks(name, "1.0.0"), null);
        ObjectNode report = PageFixtures.report("validated", ROWS);
        ObjectNode dataset = (ObjectNode) report.get("dataset");
        dataset.put("size", 1234);
        dataset.putArray("columns").add("question").add("answer");
        ArrayNode schema = dataset.putArray("schema");
        schema.addObject().put("name", "question").put("type", "string");
        schema.addObject().put("name", "answer").put("type", "integer");
        ArrayNode sample = dataset.putArray("sample");
        sample.addArray().add("<script>alert('x')</script> What is 2+3?").add("5");
        sample.addArray().add("Capital of Italy?").addNull();
        PageFixtures.validate("alice", name, "1.0.0", report);

        String env = given().get("/alice/{n}", name).then().statusCode(200).extract().asString();
        assertTrue(env.contains("href=\"/alice/" + name + "/dataset\""), "the environment page links the Dataset tab");

        String html = given().get("/alice/{n}/dataset", name).then().statusCode(200).extract().asString();
        assertTrue(html.contains("<h2>Dataset of v1.0.0</h2>"), html);
        assertTrue(html.contains("1234 rows"), "row count");
        assertTrue(html.contains("<li><code>question</code> <span class=\"muted\">string</span></li>"), "schema with types");
        assertTrue(html.contains("<th scope=\"col\">answer</th>"), "column header");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; What is 2+3?"), "cells are escaped");
        assertFalse(html.contains("<script>alert"), "no markup from the dataset reaches the page");
        assertTrue(html.contains("aria-current=\"page\">Dataset</a>"), "the tab is marked current");

        String pending = "dsp-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(pending, "0.1.0"), null);
        given().get("/alice/{n}/dataset", pending).then().statusCode(200)
                .body(containsString("No dataset preview for v0.1.0"));
        given().get("/alice/{n}/dataset?version=9.9.9", name).then().statusCode(200)
                .body(containsString("<h2>Dataset of v1.0.0</h2>"));
    }

    @Test
    void projectLinksLicenceDomainsAndPinnedInstall() {
        String name = "links-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", wheelWithLinks(name, "2.1.0"), null);
        String env = given().get("/alice/{n}", name).then().statusCode(200).extract().asString();
        assertTrue(env.contains("<dt>Source</dt><dd class=\"project-link\"><a href=\"https://github.com/alice/" + name
                + "\" rel=\"nofollow noopener\" data-kind=\"source\">"), env);
        assertTrue(env.contains("<dt>Paper</dt>") && env.contains("https://arxiv.org/abs/2401.00001"), "paper link");
        assertFalse(env.contains("javascript:alert"), "only http(s) links");
        assertTrue(env.contains("<dt>Licence</dt><dd class=\"licence\">Apache-2.0</dd>"), "licence");
        assertTrue(env.contains("<dt>Domains</dt><dd><a class=\"tag\" href=\"/search?tag=mathematics\">mathematics</a>"),
                "declared domain");
        assertTrue(env.contains("<meta name=\"description\" content=\"alice/" + name
                + ": Arithmetic &lt;b&gt;drills&lt;/b&gt; · an RL environment on EnvHub\">"), "page description, escaped");
        given().get(HubFixtures.hubUrl() + "/api/v1/environments/alice/" + name).then().statusCode(200)
                .body("projectUrls.kind", equalTo(List.of("source", "paper"))).body("domains", equalTo(List.of("mathematics")));

        String version = given().get("/alice/{n}/versions/2.1.0", name).then().statusCode(200).extract().asString();
        assertTrue(version.contains("<code id=\"install-pinned\">pip install --index-url ") && version.contains(" " + name
                + "==2.1.0</code>"), version);
    }

    @Test
    void searchOffersDomainAndLicenceFacetsThatFilter() {
        String tag = "rs-" + HubFixtures.unique();
        String med = "med-" + HubFixtures.unique();
        String math = "math-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", wheelWithLinks(med, "1.0.0", List.of(tag, "medicine"), "MIT"), null);
        HubFixtures.push("alice", "alice", wheelWithLinks(math, "1.0.0", List.of(tag, "mathematics"), "BSD-3-Clause"), null);
        String html = given().get("/search?tag={t}", tag).then().statusCode(200).extract().asString();
        assertTrue(html.contains("<h2>Domain</h2>") && html.contains("<a href=\"/search?tag=" + tag
                + "&amp;domain=medicine\">medicine</a> <span class=\"muted\">1</span>"), html);
        assertTrue(html.contains("<h2>Licence</h2>") && html.contains("<a href=\"/search?tag=" + tag
                + "&amp;license=BSD-3-Clause\">BSD-3-Clause</a>"), html);
        String filtered = given().get("/search?tag={t}&license=mit", tag).then().statusCode(200).extract().asString();
        assertTrue(filtered.contains(med) && !filtered.contains(math), "the licence filter keeps only the MIT one");
        String byDomain = given().get("/search?tag={t}&domain=mathematics", tag).then().statusCode(200).extract().asString();
        assertTrue(byDomain.contains(math) && !byDomain.contains("/alice/" + med + "\""), "the domain filter");
        assertTrue(byDomain.contains("class=\"tag tag-active\" href=\"/search?tag=" + tag + "\">mathematics ✕</a>"), byDomain);
    }

    @Test
    void everyPageHasDescriptionFaviconSearchBoxAndVersionedCompressedAssets() {
        for (String path : List.of("/", "/search")) {
            String html = given().get(path).then().statusCode(200).extract().asString();
            assertTrue(html.contains("<meta name=\"description\" content=\""), path);
            assertTrue(Pattern.compile("<link rel=\"icon\" href=\"/assets/[0-9a-f]{12}/favicon.svg\"").matcher(html).find(), path);
            assertTrue(html.contains("<form class=\"top-search\" role=\"search\" method=\"get\" action=\"/search\">"), path);
        }
        String home = given().get("/").then().extract().asString();
        Matcher m = ASSET.matcher(home);
        assertTrue(m.find(), home);
        Response css = given().header("Accept-Encoding", "gzip").get(m.group(1));
        assertEquals(200, css.statusCode());
        assertEquals("public, max-age=31536000, immutable", css.header("Cache-Control"));
        assertTrue(css.contentType().startsWith("text/css"), css.contentType());
        assertEquals("gzip", css.header("Content-Encoding"));
        assertTrue(css.asString().contains(":root"), "the stylesheet itself");
        given().header("Accept-Encoding", "gzip").get("/").then().statusCode(200).header("Content-Encoding", "gzip");
        assertTrue(brotli("/").contains("<meta name=\"description\""), "an HTML page in brotli");
        assertTrue(brotli(m.group(1)).contains(":root"), "the stylesheet in brotli");
        given().header("Accept-Encoding", "gzip, deflate, br").get("/").then().statusCode(200).header("Content-Encoding", "br");
        given().header("Accept-Encoding", "gzip").get(m.group(1).replace("css/envhub.css", "js/envhub.js")).then()
                .statusCode(200).header("Content-Encoding", "gzip");
        given().get("/assets/abc/../application.properties").then().statusCode(404);
        given().get("/assets/abc/nope.css").then().statusCode(404);
    }

    /** GETs {@code path} accepting brotli only, checks the answer is brotli-encoded, and decodes it with brotli4j. */
    private String brotli(String path) {
        try {
            java.net.http.HttpResponse<byte[]> res = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                    .newBuilder(root.toURI().resolve(path)).header("Accept-Encoding", "br").build(),
                    java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, res.statusCode(), path);
            assertEquals("br", res.headers().firstValue("Content-Encoding").orElse(""), path);
            com.aayushatharva.brotli4j.Brotli4jLoader.ensureAvailability();
            var plain = com.aayushatharva.brotli4j.decoder.Decoder.decompress(res.body());
            assertEquals(com.aayushatharva.brotli4j.decoder.DecoderJNI.Status.DONE, plain.getResultStatus(), path);
            return new String(plain.getDecompressedData(), StandardCharsets.UTF_8);
        } catch (java.io.IOException | java.net.URISyntaxException e) {
            throw new java.io.UncheckedIOException(e instanceof java.io.IOException io ? io : new java.io.IOException(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void signInComesBackToThePageItWasOnButNeverToAnotherSite() {
        String name = "back-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        String page = given().get("/alice/{n}", name).then().statusCode(200).extract().asString();
        assertTrue(page.contains("href=\"/login?next=%2Falice%2F" + name + "\""), "the sign-in link names the page");

        BrowserSession browser = new BrowserSession();
        HttpResponse<String> login = browser.get(root + "login?next=%2Falice%2F" + name);
        HttpResponse<String> back = browser.login(login, "alice", "alice");
        assertEquals(200, back.statusCode(), back.body());
        assertEquals("/alice/" + name, back.uri().getPath(), back.uri().toString());
        assertTrue(back.body().contains("Signed in as"), "signed in");

        for (String evil : List.of("//evil.example/x", "https://evil.example/", "/\\evil.example", "evil.example")) {
            HttpResponse<String> res = browser.get(root + "login?next=" + java.net.URLEncoder.encode(evil, StandardCharsets.UTF_8));
            assertEquals("/settings/profile", res.uri().getPath(), evil + " -> " + res.uri());
        }
    }

    @Test
    void namesAndVersionsOverAHundredCharactersHavePages() {
        String name = "long-" + HubFixtures.unique() + "-" + "x".repeat(110);
        String version = "1" + ".0".repeat(55);
        HubFixtures.push("alice", "alice", TestWheels.environment(name, version), null);
        String env = given().get("/alice/{n}", name).then().statusCode(200).extract().asString();
        assertTrue(env.contains("href=\"/alice/" + name + "/versions/"), "the version is linked");
        given().get("/alice/{n}/versions/{v}", name, version).then().statusCode(200);
    }
}
