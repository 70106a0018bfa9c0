package io.envhub.registry.index;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The index serves only validated versions: failed, pending, validating and errored ones are absent from the HTML and
 * JSON pages and their files and metadata are 404 there, while the owner still reaches them through the API.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class IndexPolicyTest {
    static TestWheels.Built validated;
    static TestWheels.Built failed;
    static TestWheels.Built validating;
    static TestWheels.Built pending;
    static TestWheels.Built error;

    @TestHTTPResource("/")
    URL base;

    @BeforeEach
    void versions() {
        validated = IndexFixtures.pushed("policy-demo", "0.1.2", null, "validated");
        failed = IndexFixtures.pushed("policy-demo", "0.2.0", null, "failed");
        validating = IndexFixtures.pushed("policy-demo", "0.3.0", null, "validating");
        pending = IndexFixtures.pushed("policy-demo", "0.4.0", null, "pending");
        error = IndexFixtures.pushed("policy-demo", "0.5.0", null, "error");
        IndexFixtures.pushed("epoch-demo", "5.0.2", null, "validated");
        IndexFixtures.pushed("epoch-demo", "1!3.0", null, "failed");
    }

    @Test
    void pagesListOnlyValidatedVersionsAndOtherFilesAre404() {
        String html = given().get("/simple/alice/policy-demo/").then().statusCode(200).extract().asString();
        assertTrue(html.contains(validated.filename()), html);
        for (TestWheels.Built hidden : new TestWheels.Built[] {failed, validating, pending, error}) {
            assertTrue(!html.contains(hidden.filename()), hidden.filename() + " must not be listed: " + html);
            given().redirects().follow(false).get("/simple/alice/policy-demo/" + hidden.filename()).then().statusCode(404);
            given().get("/simple/alice/policy-demo/" + hidden.filename() + ".metadata").then().statusCode(404);
        }
        given().accept("application/vnd.pypi.simple.v1+json").get("/simple/alice/policy-demo/").then().statusCode(200)
                .body("versions", org.hamcrest.Matchers.contains("0.1.2"))
                .body("files.filename", org.hamcrest.Matchers.contains(validated.filename()));
        given().redirects().follow(false).get("/simple/alice/policy-demo/" + validated.filename()).then().statusCode(302);
        given().get("/simple/alice/policy-demo/" + validated.filename() + ".metadata").then().statusCode(200);
        given().get("/simple/alice/epoch-demo/").then().statusCode(200).body(not(containsString("1!3.0")));
    }

    @Test
    void theOwnerStillReachesEveryVersionThroughTheApi() {
        given().auth().oauth2(IndexFixtures.alice()).get("/api/v1/environments/alice/policy-demo/versions").then().statusCode(200)
                .body("version", hasItems("0.1.2", "0.2.0", "0.3.0", "0.4.0", "0.5.0"));
        given().auth().oauth2(IndexFixtures.alice()).redirects().follow(false)
                .get("/api/v1/environments/alice/policy-demo/versions/0.2.0/download").then().statusCode(302);
    }

    @Test
    void pipInstallsTheValidatedVersionAndRefusesTheFailedOne() throws Exception {
        String index = "http://127.0.0.1:" + base.getPort() + "/simple/alice/";
        try (PipEnv venv = PipEnv.create()) {
            IndexInstallTest.Result r = venv.install(index, "policy-demo");
            assertEquals(0, r.exit(), r.output());
            assertEquals("0.1.2", venv.python("import importlib.metadata as m; print(m.version('policy-demo'))"));

            IndexInstallTest.Result pinned = venv.install(index, "policy-demo==0.2.0");
            assertNotEquals(0, pinned.exit(), pinned.output());
            assertTrue(pinned.output().contains("No matching distribution found for policy-demo==0.2.0"), pinned.output());

            IndexInstallTest.Result epoch = venv.install(index, "epoch-demo");
            assertEquals(0, epoch.exit(), epoch.output());
            assertEquals("5.0.2", venv.python("import importlib.metadata as m; print(m.version('epoch-demo'))"),
                    "a failed 1!3.0 must not win over the validated 5.0.2");
        }
    }
}
