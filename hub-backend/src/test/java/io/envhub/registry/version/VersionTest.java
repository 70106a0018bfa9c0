package io.envhub.registry.version;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.hash.Sha256;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Versions in PEP 440 order, version detail by identity, the wheel's file list and file text. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class VersionTest {
    @Inject
    RegistryFixtures fixtures;

    @Test
    void versionsAreListedNewestFirstInPep440Order() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("versions-" + run);
        Environment env = fixtures.environment(owner, "ordered", "Ordered versions", "public", List.of(), null);
        for (String v : List.of("1.0", "1.1", "1.0a1", "1.0.post1", "1.0.dev1", "0.9", "1.0rc1")) {
            fixtures.publish(env, v);
        }
        fixtures.yank(env, "1.1", "broken reward");

        JsonPath list = given().get("/api/v1/environments/{o}/ordered/versions", owner.name).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of("1.1", "1.0.post1", "1.0", "1.0rc1", "1.0a1", "1.0.dev1", "0.9"), list.getList("version"));
        assertEquals(true, list.getBoolean("[0].yanked"));
        assertEquals("broken reward", list.getString("[0].yankReason"));
        assertEquals(false, list.getBoolean("[1].yanked"));
        assertNull(list.getString("[1].yankReason"));
        assertNull(list.getString("[2].status"));
        assertEquals("static-only", list.getString("[2].trustStatus"));
        assertEquals("ordered-1.0-py3-none-any.whl", list.getString("[2].filename"));
        assertTrue(list.getLong("[2].size") > 100);
        assertTrue(list.getString("[2].sha256").matches("[0-9a-f]{64}"));
        assertTrue(list.getString("[2].createdAt").length() > 10);
        given().get("/api/v1/environments/{o}/ordered", owner.name).then().statusCode(200)
                .body("latestVersion", equalTo("1.0.post1"));
    }

    @Test
    void versionDetailIsFoundByIdentity() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("detail-" + run);
        Environment env = fixtures.environment(owner, "Detailed_Env", "A summary", "public", List.of("text"), "# Readme");
        fixtures.publish(env, "1.0");

        for (String asked : List.of("1.0", "1.0.0", "1", "v1.0")) {
            given().get("/api/v1/environments/{o}/detailed-env/versions/{v}", owner.name, asked).then().statusCode(200)
                    .body("version", equalTo("1.0"))
                    .body("summary", equalTo("A summary"))
                    .body("requiresPython", equalTo(">=3.10"))
                    .body("dependencies", equalTo(List.of("numpy>=1.20")))
                    .body("coreMetadata.name", equalTo("Detailed_Env"))
                    .body("coreMetadata.requires_dist", equalTo(List.of("numpy>=1.20")))
                    .body("filename", equalTo("detailed_env-1.0-py3-none-any.whl"))
                    .body("files", equalTo(4));
        }
        given().get("/api/v1/environments/{o}/detailed-env/versions/2.0", owner.name).then().statusCode(404);
        given().get("/api/v1/environments/{o}/detailed-env/versions/not-a-version", owner.name).then().statusCode(404);
    }

    @Test
    void filesAreListedAndServedAsText() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("files-" + run);
        Environment env = fixtures.environment(owner, "file-env", "Files", "public", List.of(), null);
        Map<String, byte[]> files = new LinkedHashMap<>();
        String module = "def load_environment(**kwargs):\n    return 'héllo ✓'\n";
        files.put("file_env/__init__.py", module.getBytes(StandardCharsets.UTF_8));
        files.put("file_env/data/blob.bin", new byte[] {0, 1, 2, (byte) 0xff, (byte) 0xfe, 0, 7});
        files.put("file_env/data/latin1.txt", "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));
        byte[] big = ("é".repeat(300_000)).getBytes(StandardCharsets.UTF_8);
        files.put("file_env/data/big.txt", big);
        fixtures.publish(env, "0.1.0", files);
        String base = "/api/v1/environments/" + owner.name + "/file-env/versions/0.1.0/files";

        JsonPath list = given().get(base).then().statusCode(200).extract().jsonPath();
        List<String> paths = list.getList("path");
        assertTrue(paths.containsAll(List.of("file_env/__init__.py", "file_env/data/blob.bin",
                "file_env/data/big.txt", "file_env-0.1.0.dist-info/METADATA", "file_env-0.1.0.dist-info/RECORD")), paths::toString);
        int init = paths.indexOf("file_env/__init__.py");
        byte[] moduleBytes = module.getBytes(StandardCharsets.UTF_8);
        assertEquals(moduleBytes.length, list.getInt("[" + init + "].size"));
        assertEquals(Sha256.hex(Sha256.digest(moduleBytes)), list.getString("[" + init + "].sha256"));

        Response text = given().get(base + "/file_env/__init__.py");
        assertEquals(200, text.statusCode());
        assertTrue(text.contentType().startsWith("text/plain"), text.contentType());
        assertTrue(text.contentType().toLowerCase().contains("charset=utf-8"), text.contentType());
        assertEquals(module, new String(text.asByteArray(), StandardCharsets.UTF_8));
        assertNull(text.header("X-Envhub-Truncated"));
        assertEquals(String.valueOf(moduleBytes.length), text.header("X-Envhub-File-Size"));

        given().get(base + "/file_env-0.1.0.dist-info/METADATA").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("Name: file-env"));
        given().get(base + "/file_env/data/blob.bin").then().statusCode(415)
                .contentType("application/problem+json").body("type", equalTo("https://envhub.dev/problems/binary-file"));
        given().get(base + "/file_env/data/latin1.txt").then().statusCode(415);
        given().get(base + "/file_env/missing.py").then().statusCode(404);
        given().get(base + "/../../etc/passwd").then().statusCode(404);

        Response cut = given().get(base + "/file_env/data/big.txt");
        assertEquals(200, cut.statusCode());
        assertEquals("true", cut.header("X-Envhub-Truncated"));
        assertEquals(String.valueOf(big.length), cut.header("X-Envhub-File-Size"));
        byte[] served = cut.asByteArray();
        assertTrue(served.length <= VersionLimits.MAX_TEXT && served.length >= VersionLimits.MAX_TEXT - 3, "" + served.length);
        assertEquals("é".repeat(served.length / 2), new String(served, StandardCharsets.UTF_8));
    }

    @Test
    void privateVersionsAreNotFoundForOutsiders() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Environment env = fixtures.environment(alice, "private-versions-" + run, "secret", "private", List.of(), null);
        fixtures.publish(env, "1.0.0");
        String base = "/api/v1/environments/alice/private-versions-" + run + "/versions";
        String module = "/1.0.0/files/private_versions_" + run + ".py";

        for (String path : List.of(base, base + "/1.0.0", base + "/1.0.0/files", base + module)) {
            given().get(path).then().statusCode(404);
            given().auth().oauth2(Tokens.forUser("sam", "sam")).get(path).then().statusCode(404);
            given().auth().oauth2(Tokens.forUser("alice", "alice")).get(path).then().statusCode(200);
            given().auth().oauth2(Tokens.forUser("ada", "ada")).get(path).then().statusCode(200);
        }
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get(base).then().body("version", hasItem("1.0.0"));
    }

    /** The cap on served text, as the resource documents it. */
    static final class VersionLimits {
        static final int MAX_TEXT = WheelFiles.MAX_TEXT;

        private VersionLimits() {
        }
    }
}
