package io.envhub.registry.index;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.UpstreamIndex;
import io.envhub.testsupport.UpstreamIndexTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Per-owner indexes fall back to an upstream index (a local PEP 503 fixture here) for names the owner does not publish,
 * so real pip resolves an environment and its dependencies from one --index-url; names the owner publishes never reach
 * upstream (no dependency confusion).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = UpstreamIndexTestResource.class, scope = TestResourceScope.RESTRICTED_TO_CLASS)
class UpstreamFallbackTest {
    @TestHTTPResource("/")
    URL base;

    @Test
    void aNameTheOwnerDoesNotPublishRedirectsToUpstream() {
        String upstream = UpstreamIndexTestResource.index().simpleUrl();
        given().redirects().follow(false).get("/simple/alice/numpy/").then().statusCode(302)
                .header("Location", upstream + "numpy/").header("Cache-Control", "no-store");
        given().redirects().follow(false).get("/simple/alice/Tiny_Dep/").then().statusCode(301)
                .header("Location", "/simple/alice/tiny-dep/");
        given().redirects().follow(false).get("/simple/nobody-" + System.nanoTime() + "/numpy/").then().statusCode(404);
    }

    @Test
    void aNameTheOwnerPublishesNeverReachesUpstreamWhateverItsVersionsStatus() {
        UpstreamIndex upstream = UpstreamIndexTestResource.index();
        upstream.addWheel(UpstreamIndex.library("only-failed", "9.0", "X = 1\n"));
        IndexFixtures.pushed("only-failed", "1.0", null, "failed");
        String page = given().redirects().follow(false).get("/simple/alice/only-failed/").then().statusCode(200)
                .extract().asString();
        assertTrue(!page.contains(".whl"), "no file of a failed-only project: " + page);

        upstream.addWheel(UpstreamIndex.library("burned-demo", "9.0", "X = 1\n"));
        IndexFixtures.pushed("burned-demo", "1.0", null, "validated");
        given().auth().oauth2(IndexFixtures.alice()).delete("/api/v1/environments/alice/burned-demo/versions/1.0")
                .then().statusCode(204);
        given().redirects().follow(false).get("/simple/alice/burned-demo/").then().statusCode(200);
        assertEquals(0, upstream.pageRequests("only-failed") + upstream.pageRequests("burned-demo"));
    }

    @Test
    void pipResolvesTheEnvironmentFromTheHubAndItsDependencyFromUpstream() throws Exception {
        UpstreamIndex upstream = UpstreamIndexTestResource.index();
        TestWheels.Built env = UpstreamIndex.environmentRequiring("deps-demo", "1.0", List.of("tiny-dep>=1.0"),
                "from tiny_dep import reverse");
        given().auth().oauth2(IndexFixtures.alice()).multiPart("file", env.filename(), env.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/deps-demo/versions").then().statusCode(201);
        IndexFixtures.status("alice", "deps-demo", "1.0", "validated");
        // the same name on the hub and upstream (upstream's version is higher): the hub's wins
        upstream.addWheel(UpstreamIndex.library("shadow-demo", "99.0", "ORIGIN = 'upstream'\n"));
        IndexFixtures.pushed("shadow-demo", "1.0", null, "validated");

        String index = "http://127.0.0.1:" + base.getPort() + "/simple/alice/";
        try (PipEnv venv = PipEnv.create()) {
            IndexInstallTest.Result r = venv.install(index, "deps-demo", "shadow-demo");
            assertEquals(0, r.exit(), r.output());
            assertEquals("cba 1.0 1.0", venv.python("import deps_demo, tiny_dep, importlib.metadata as m;"
                    + " print(tiny_dep.reverse('abc'), m.version('tiny-dep'), m.version('shadow-demo'))"));
        }
        assertTrue(upstream.pageRequests(UpstreamIndex.TINY_DEP) > 0, "the dependency came from upstream");
        assertEquals(0, upstream.pageRequests("shadow-demo"), "upstream is never asked for a name the owner publishes");
        assertEquals(0, upstream.pageRequests("deps-demo"));
    }
}
