package io.envhub.registry.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.hash.Sha256;
import io.envhub.registry.index.IndexFixtures;
import io.envhub.registry.org.Invitations;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint of the hub API and the package index against every kind of caller: anonymous, the owner (the
 * organisation's owner), another signed-in user, an organisation member, and an admin — for a private and for a
 * public environment. Private environments must be indistinguishable from missing ones (404) for outsiders.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class AuthorizationMatrixTest {
    private static final List<String> ACTORS = List.of("anonymous", "owner", "other", "member", "admin", "owner-read");
    private static final AtomicInteger VERSIONS = new AtomicInteger(10);

    private final Map<String, String> tokens = new LinkedHashMap<>();
    private String org;

    /** One row: a request and the status each actor must get, in ACTORS order. */
    private record Row(String name, Function<Ctx, Integer> call, int... expected) {
    }

    /** What a request needs: the caller's request spec and the environment under test. */
    private record Ctx(RequestSpecification as, String env, String version) {
        String base() {
            return "/api/v1/environments/" + env;
        }
    }

    @BeforeEach
    void setUp() {
        Tokens.ensureUser("bob");
        tokens.put("owner", Tokens.forUser("alice", "alice"));
        tokens.put("other", Tokens.forUser("bob", "bob"));
        tokens.put("member", Tokens.forUser("sam", "sam"));
        tokens.put("admin", Tokens.forUser("ada", "ada"));
        tokens.values().forEach(t -> given().auth().oauth2(t).get("/api/v1/me").then().statusCode(200));
        // the owner's personal access token with only the read scope: reads like the owner, changes nothing
        tokens.put("owner-read", given().auth().oauth2(tokens.get("owner")).contentType(ContentType.JSON)
                .body(Map.of("name", "matrix-read", "scopes", List.of("read"))).post("/api/v1/tokens")
                .then().statusCode(201).extract().path("token"));
        org = "mx-" + Long.toHexString(System.nanoTime());
        given().auth().oauth2(tokens.get("owner")).contentType(ContentType.JSON).body(Map.of("name", org, "displayName", "Matrix"))
                .post("/api/v1/orgs").then().statusCode(201);
        Invitations.join(tokens.get("owner"), org, "sam", "member", tokens.get("member"));
    }

    private RequestSpecification as(String actor) {
        RequestSpecification spec = given().redirects().follow(false);
        return "anonymous".equals(actor) ? spec : spec.auth().oauth2(tokens.get(actor));
    }

    private String publish(String name, String version, String visibility) {
        TestWheels.Built wheel = TestWheels.environment(name, version);
        given().auth().oauth2(tokens.get("owner")).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .multiPart("visibility", visibility).post("/api/v1/environments/" + org + "/" + name + "/versions")
                .then().statusCode(201);
        IndexFixtures.status(org, name, version, "validated");
        return wheel.filename();
    }

    private static int push(Ctx c, String name) {
        TestWheels.Built wheel = TestWheels.environment(name, "9." + VERSIONS.incrementAndGet());
        return c.as().multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post(c.base() + "/versions").then().extract().statusCode();
    }

    /** The raw-body push ({@code PUT .../files/{filename}}), with the declared sha256 so it streams to storage. */
    private static int pushRaw(Ctx c, String name) {
        TestWheels.Built wheel = TestWheels.environment(name, "7." + VERSIONS.incrementAndGet());
        return c.as().contentType("application/octet-stream").queryParam("sha256", Sha256.hex(Sha256.digest(wheel.bytes())))
                .body(wheel.bytes()).put(c.base() + "/files/" + wheel.filename()).then().extract().statusCode();
    }

    private List<Row> rows(String name, String file) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("GET detail", c -> c.as().get(c.base()).statusCode()));
        rows.add(new Row("GET readme", c -> c.as().get(c.base() + "/readme").statusCode()));
        rows.add(new Row("GET versions", c -> c.as().get(c.base() + "/versions").statusCode()));
        rows.add(new Row("GET version", c -> c.as().get(c.base() + "/versions/1.0").statusCode()));
        rows.add(new Row("GET files", c -> c.as().get(c.base() + "/versions/1.0/files").statusCode()));
        rows.add(new Row("GET file", c -> c.as().get(c.base() + "/versions/1.0/files/" + name.replace('-', '_') + ".py").statusCode()));
        rows.add(new Row("GET download", c -> c.as().get(c.base() + "/versions/1.0/download").statusCode()));
        rows.add(new Row("GET downloads", c -> c.as().get(c.base() + "/downloads").statusCode()));
        rows.add(new Row("GET /simple/owner/", c -> c.as().get("/simple/" + org + "/").statusCode()));
        rows.add(new Row("GET /simple page", c -> c.as().get("/simple/" + c.env() + "/").statusCode()));
        rows.add(new Row("GET /simple file", c -> c.as().get("/simple/" + c.env() + "/" + file).statusCode()));
        rows.add(new Row("GET /simple metadata", c -> c.as().get("/simple/" + c.env() + "/" + file + ".metadata").statusCode()));
        rows.add(new Row("PATCH settings", c -> c.as().contentType(ContentType.JSON).body(Map.of("summary", "changed"))
                .patch(c.base()).statusCode()));
        rows.add(new Row("PUT star", c -> c.as().put(c.base() + "/star").statusCode()));
        rows.add(new Row("DELETE star", c -> c.as().delete(c.base() + "/star").statusCode()));
        rows.add(new Row("POST version", c -> push(c, name)));
        rows.add(new Row("PUT file", c -> pushRaw(c, name)));
        rows.add(new Row("POST yank", c -> c.as().contentType(ContentType.JSON).body(Map.of("reason", "matrix"))
                .post(c.base() + "/versions/1.0/yank").statusCode()));
        rows.add(new Row("POST unyank", c -> c.as().post(c.base() + "/versions/1.0/unyank").statusCode()));
        rows.add(new Row("DELETE version", c -> {
            String v = "8." + VERSIONS.incrementAndGet();
            TestWheels.Built wheel = TestWheels.environment(name, v);
            given().auth().oauth2(tokens.get("owner")).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                    .post(c.base() + "/versions").then().statusCode(201);
            return c.as().delete(c.base() + "/versions/" + v).statusCode();
        }));
        return rows;
    }

    private static final Map<String, int[]> PRIVATE = Map.ofEntries(
            Map.entry("GET detail", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET readme", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET versions", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET version", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET files", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET file", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET download", new int[] {404, 302, 404, 302, 302, 302}),
            Map.entry("GET downloads", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET /simple/owner/", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET /simple page", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("GET /simple file", new int[] {404, 302, 404, 302, 302, 302}),
            Map.entry("GET /simple metadata", new int[] {404, 200, 404, 200, 200, 200}),
            Map.entry("PATCH settings", new int[] {401, 200, 404, 403, 200, 403}),
            Map.entry("PUT star", new int[] {401, 204, 404, 204, 204, 403}),
            Map.entry("DELETE star", new int[] {401, 204, 404, 204, 204, 403}),
            Map.entry("POST version", new int[] {401, 201, 403, 403, 201, 403}),
            Map.entry("PUT file", new int[] {401, 201, 403, 403, 201, 403}),
            Map.entry("POST yank", new int[] {401, 200, 404, 403, 200, 403}),
            Map.entry("POST unyank", new int[] {401, 200, 404, 403, 200, 403}),
            Map.entry("DELETE version", new int[] {401, 204, 404, 403, 204, 403}));

    private static final Map<String, int[]> PUBLIC = Map.ofEntries(
            Map.entry("GET detail", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET readme", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET versions", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET version", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET files", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET file", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET download", new int[] {302, 302, 302, 302, 302, 302}),
            Map.entry("GET downloads", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET /simple/owner/", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET /simple page", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("GET /simple file", new int[] {302, 302, 302, 302, 302, 302}),
            Map.entry("GET /simple metadata", new int[] {200, 200, 200, 200, 200, 200}),
            Map.entry("PATCH settings", new int[] {401, 200, 403, 403, 200, 403}),
            Map.entry("PUT star", new int[] {401, 204, 204, 204, 204, 403}),
            Map.entry("DELETE star", new int[] {401, 204, 204, 204, 204, 403}),
            Map.entry("POST version", new int[] {401, 201, 403, 403, 201, 403}),
            Map.entry("PUT file", new int[] {401, 201, 403, 403, 201, 403}),
            Map.entry("POST yank", new int[] {401, 200, 403, 403, 200, 403}),
            Map.entry("POST unyank", new int[] {401, 200, 403, 403, 200, 403}),
            Map.entry("DELETE version", new int[] {401, 204, 403, 403, 204, 403}));

    private void check(String visibility, Map<String, int[]> table) {
        String name = visibility + "-env";
        String file = publish(name, "1.0", visibility);
        List<String> wrong = new ArrayList<>();
        for (Row row : rows(name, file)) {
            int[] expected = table.get(row.name());
            assertTrue(expected != null, "expectation for " + row.name());
            for (int i = 0; i < ACTORS.size(); i++) {
                int got = row.call().apply(new Ctx(as(ACTORS.get(i)), org + "/" + name, "1.0"));
                if (got != expected[i]) {
                    wrong.add(visibility + " " + row.name() + " as " + ACTORS.get(i) + ": expected " + expected[i] + ", got " + got);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void privateEnvironment() {
        check("private", PRIVATE);
        String listing = given().get("/simple/" + org + "/").asString();
        assertTrue(!listing.contains("private-env"), "the owner's index page hides the private project from anonymous callers");
        assertTrue(given().auth().oauth2(tokens.get("member")).get("/simple/" + org + "/").asString().contains("private-env"),
                "members see it");
        assertEquals(0, given().queryParam("owner", org).get("/api/v1/environments").jsonPath().getInt("total"),
                "search shows nothing private to anonymous callers");
        assertEquals(0, given().auth().oauth2(tokens.get("other")).queryParam("owner", org).get("/api/v1/environments")
                .jsonPath().getInt("total"));
        assertEquals(1, given().auth().oauth2(tokens.get("member")).queryParam("owner", org).get("/api/v1/environments")
                .jsonPath().getInt("total"));
        for (String actor : ACTORS) {
            String explore = as(actor).get("/api/v1/explore").then().statusCode(200).extract().asString();
            assertTrue(!explore.contains(org), "explore shows no private environment to " + actor);
            int mine = as(actor).get("/api/v1/me/environments").statusCode();
            assertEquals("anonymous".equals(actor) ? 401 : 200, mine, "me/environments as " + actor);
            if (!"anonymous".equals(actor)) {
                List<String> owners = as(actor).get("/api/v1/me/environments").jsonPath().getList("owner");
                assertEquals(List.of("owner", "member", "owner-read").contains(actor), owners.contains(org),
                        "me/environments lists the organisation's private environment for its members only, as " + actor);
            }
        }
    }

    @Test
    void publicEnvironment() {
        check("public", PUBLIC);
    }

    @Test
    void aReadTokenChangesNoAccountState() {
        String read = tokens.get("owner-read");
        long other = given().auth().oauth2(tokens.get("owner")).contentType(ContentType.JSON)
                .body(Map.of("name", "victim", "scopes", List.of("read"))).post("/api/v1/tokens")
                .then().statusCode(201).extract().jsonPath().getLong("id");
        given().auth().oauth2(read).delete("/api/v1/tokens/" + other).then().statusCode(403)
                .contentType("application/problem+json");
        given().auth().oauth2(read).get("/api/v1/tokens").then().statusCode(200);
        given().auth().oauth2(read).contentType(ContentType.JSON).body(Map.of("name", "rd-" + org)).post("/api/v1/orgs")
                .then().statusCode(403);
        given().auth().oauth2(read).contentType(ContentType.JSON).body(Map.of("name", "x", "scopes", List.of("publish")))
                .post("/api/v1/tokens").then().statusCode(403);
        given().auth().oauth2(read).contentType(ContentType.JSON).body(Map.of("user", "bob", "role", "member"))
                .post("/api/v1/orgs/" + org + "/invitations").then().statusCode(403);
        given().auth().oauth2(read).contentType(ContentType.JSON).body(Map.of("role", "maintainer"))
                .put("/api/v1/orgs/" + org + "/members/sam").then().statusCode(403);
        given().auth().oauth2(read).delete("/api/v1/orgs/" + org + "/members/sam").then().statusCode(403);
        // the other token is still alive
        given().auth().oauth2(tokens.get("owner")).get("/api/v1/tokens").then().statusCode(200)
                .body("find { it.id == " + other + " }.revokedAt", nullValue());
    }

    @Test
    void accountEndpoints() {
        given().get("/api/v1/me").then().statusCode(401);
        given().get("/api/v1/tokens").then().statusCode(401);
        given().contentType(ContentType.JSON).body(Map.of("name", "x", "scopes", List.of("read"))).post("/api/v1/tokens")
                .then().statusCode(401);
        given().contentType(ContentType.JSON).body(Map.of("name", "zz-" + org, "displayName", "x")).post("/api/v1/orgs")
                .then().statusCode(401);
        given().auth().oauth2(tokens.get("other")).contentType(ContentType.JSON).body(Map.of("role", "owner"))
                .put("/api/v1/orgs/" + org + "/members/bob").then().statusCode(403);
        given().auth().oauth2(tokens.get("member")).contentType(ContentType.JSON).body(Map.of("role", "owner"))
                .put("/api/v1/orgs/" + org + "/members/sam").then().statusCode(403);
        // members change only by invitation: the role of a non-member cannot be set, even by an admin
        given().auth().oauth2(tokens.get("admin")).contentType(ContentType.JSON).body(Map.of("role", "maintainer"))
                .put("/api/v1/orgs/" + org + "/members/bob").then().statusCode(404);
        given().auth().oauth2(tokens.get("admin")).contentType(ContentType.JSON).body(Map.of("role", "maintainer"))
                .put("/api/v1/orgs/" + org + "/members/sam").then().statusCode(200);
    }
}
