package io.envhub.registry.index;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryConfig;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The environments-hub lookup vf-install speaks ({@code /api/v1/environmentshub/{owner}/{name}/@{version}}): the JSON it
 * reads, {@code @latest} resolved as pip would, 404 problems for what the reader may not see, and then a real
 * {@code pip install --extra-index-url} of the answer into a fresh venv.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class HubInstallTest {
    private static final String HUB = "/api/v1/environmentshub/";
    static TestWheels.Built v10;
    static TestWheels.Built v11;
    static TestWheels.Built secret;
    static boolean prepared;

    @TestHTTPResource("/")
    URL base;

    @Inject
    RegistryConfig config;

    @BeforeEach
    void environments() {
        v10 = IndexFixtures.pushed("vf-demo", "1.0", null);
        v11 = IndexFixtures.pushed("vf-demo", "1.1", null);
        IndexFixtures.pushed("vf-demo", "1.2", null);
        IndexFixtures.pushed("vf-demo", "2.0", null, "failed");
        IndexFixtures.pushed("vf-demo", "3.0", null);
        secret = IndexFixtures.pushed("vf-secret", "0.1", "private");
        if (!prepared) {
            IndexFixtures.yank("vf-demo", "1.2", "wrong answers");
            given().auth().oauth2(Tokens.forUser("ada", "ada")).contentType("application/json")
                    .body(Map.of("reason", "reads ~/.ssh")).post("/api/v1/admin/environments/alice/vf-demo/versions/3.0/quarantine")
                    .then().statusCode(200);
            prepared = true;
        }
    }

    @Test
    void anExactVersionAnswersWhatVfInstallReads() {
        String hub = config.publicUrl().replaceAll("/+$", "");
        given().get(HUB + "alice/vf-demo/@1.0").then().statusCode(200).contentType("application/json")
                .body("data.simple_index_url", equalTo(hub + "/simple/alice/"))
                .body("data.wheel_url", equalTo(hub + "/simple/alice/vf-demo/" + v10.filename()))
                .body("data.visibility", equalTo("PUBLIC"))
                .body("data.version", equalTo("1.0"))
                .body("data.sha256", equalTo(IndexFixtures.sha256(v10.bytes())))
                .body("data.filename", equalTo(v10.filename()))
                .body("data.package_name", equalTo("vf_demo"))
                .body("data.yanked", equalTo(false));
        // any PEP 503 spelling of the name, and the identity of the version (1.0 is 1.0.0)
        given().get(HUB + "alice/VF_Demo/@1.0.0").then().statusCode(200).body("data.version", equalTo("1.0"))
                .body("data.name", equalTo("vf-demo"));
    }

    @Test
    void latestIsWhatPipWouldInstallAndAYankedVersionResolvesOnlyWhenNamed() {
        // 3.0 is quarantined, 2.0 failed validation, 1.2 is yanked: pip would install 1.1
        given().get(HUB + "alice/vf-demo/@latest").then().statusCode(200).body("data.version", equalTo("1.1"))
                .body("data.wheel_url", containsString(v11.filename()));
        given().get(HUB + "alice/vf-demo/@1.2").then().statusCode(200).body("data.yanked", equalTo(true));
    }

    @Test
    void whatTheIndexDoesNotServeIsAProblem() {
        given().get(HUB + "alice/vf-demo/@2.0").then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("its status is failed (only versions that passed validation install)"));
        given().get(HUB + "alice/vf-demo/@3.0").then().statusCode(451).contentType("application/problem+json")
                .body("detail", containsString("reads ~/.ssh"));
        given().get(HUB + "alice/vf-demo/@9.9").then().statusCode(404).contentType("application/problem+json");
        given().get(HUB + "alice/vf-demo/@not..a.version").then().statusCode(404).contentType("application/problem+json");
        given().get(HUB + "alice/no-such-env/@latest").then().statusCode(404).contentType("application/problem+json");
        given().get(HUB + "alice/vf-demo/1.0").then().statusCode(404).contentType("application/problem+json");
        given().get(HUB + "nobody-here/vf-demo/@latest").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void aPrivateEnvironmentIsInvisibleToOthersAndResolvesForItsOwner() {
        JsonPath anonymous = given().get(HUB + "alice/vf-secret/@0.1").then().statusCode(404)
                .contentType("application/problem+json").extract().jsonPath();
        JsonPath unknown = given().get(HUB + "alice/vf-never-pushed/@0.1").then().statusCode(404).extract().jsonPath();
        assertEquals(unknown.getString("type"), anonymous.getString("type"), "private looks like unknown");
        Tokens.ensureUser("bob");
        given().auth().oauth2(Tokens.forUser("bob", "bob")).get(HUB + "alice/vf-secret/@latest").then().statusCode(404)
                .contentType("application/problem+json");
        given().auth().oauth2(IndexFixtures.alice()).get(HUB + "alice/vf-secret/@latest").then().statusCode(200)
                .body("data.visibility", equalTo("PRIVATE")).body("data.version", equalTo("0.1"))
                .body("data.filename", equalTo(secret.filename()));
    }

    @Test
    void pipInstallsTheAnswerWithExtraIndexUrlIntoAFreshVenv() throws Exception {
        JsonPath answer = given().get(HUB + "alice/vf-demo/@latest").then().statusCode(200).extract().jsonPath();
        // the answer names the hub's public URL; this test's hub listens elsewhere
        String index = answer.getString("data.simple_index_url").replace(config.publicUrl().replaceAll("/+$", ""),
                "http://127.0.0.1:" + base.getPort());
        String spec = answer.getString("data.package_name") + "==" + answer.getString("data.version");
        Path emptyPrimary = Files.createTempDirectory("envhub-empty-index-");
        try (PipEnv venv = PipEnv.create()) {
            // as vf-install does: the hub as an extra index beside the primary one (here an empty local index: no PyPI)
            IndexInstallTest.Result r = venv.install(emptyPrimary.toUri().toString(), "--no-deps", "--extra-index-url", index,
                    spec);
            assertEquals(0, r.exit(), r.output());
            assertEquals("1.1", venv.python("import importlib.metadata as m; print(m.version('vf-demo'))"));
            assertEquals("2", venv.python("import vf_demo; print(len(vf_demo.load_environment()['dataset']))"));
        } finally {
            IndexInstallTest.delete(emptyPrimary);
        }
        assertTrue(answer.getString("data.wheel_url").endsWith(".whl"));
    }
}
