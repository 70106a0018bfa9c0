package io.envhub.registry.index;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Real pip against the index: a quarantined version cannot be installed, even pinned; lifting the quarantine restores it. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class QuarantineInstallTest {
    @TestHTTPResource("/")
    URL base;

    @Test
    void pipCannotInstallAQuarantinedVersion() throws Exception {
        String python = IndexInstallTest.pythonWithPip();
        IndexFixtures.pushed("quarantine-demo", "1.0", null);
        IndexFixtures.pushed("quarantine-demo", "2.0", null);
        String ada = Tokens.forUser("ada", "ada");
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "exfiltrates API keys"))
                .post("/api/v1/admin/environments/alice/quarantine-demo/versions/2.0/quarantine").then().statusCode(200);
        String index = "http://127.0.0.1:" + base.getPort() + "/simple/alice/";

        Path pinned = Files.createTempDirectory("envhub-pip-");
        try {
            IndexInstallTest.Result r = IndexInstallTest.run(List.of(python, "-m", "pip", "install", "--isolated", "--no-cache-dir",
                    "--disable-pip-version-check", "--index-url", index, "--no-deps", "--target", pinned.toString(),
                    "quarantine-demo==2.0"), Map.of());
            assertNotEquals(0, r.exit(), "the quarantined version is not installable: " + r.output());
            assertTrue(r.output().contains("No matching distribution"), r.output());
        } finally {
            IndexInstallTest.delete(pinned);
        }
        Path latest = Files.createTempDirectory("envhub-pip-");
        try {
            IndexInstallTest.Result r = IndexInstallTest.run(List.of(python, "-m", "pip", "install", "--isolated", "--no-cache-dir",
                    "--disable-pip-version-check", "--index-url", index, "--no-deps", "--target", latest.toString(),
                    "quarantine-demo"), Map.of());
            assertEquals(0, r.exit(), r.output());
            assertTrue(Files.isDirectory(latest.resolve("quarantine_demo-1.0.dist-info")), "pip falls back to 1.0: " + r.output());
        } finally {
            IndexInstallTest.delete(latest);
        }

        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "keys were test fixtures"))
                .delete("/api/v1/admin/environments/alice/quarantine-demo/versions/2.0/quarantine").then().statusCode(200);
        Path lifted = Files.createTempDirectory("envhub-pip-");
        try {
            IndexInstallTest.Result r = IndexInstallTest.run(List.of(python, "-m", "pip", "install", "--isolated", "--no-cache-dir",
                    "--disable-pip-version-check", "--index-url", index, "--no-deps", "--target", lifted.toString(),
                    "quarantine-demo==2.0"), Map.of());
            assertEquals(0, r.exit(), r.output());
            assertTrue(Files.isDirectory(lifted.resolve("quarantine_demo-2.0.dist-info")), r.output());
        } finally {
            IndexInstallTest.delete(lifted);
        }
    }
}
