package io.envhub.web.cli;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.KeycloakTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CLI from the hub: the /cli page lists the archives with their sha256, the archives and .sha256 files download,
 * and {@code curl <hub>/cli/install.sh | sh} run for real in a fresh HOME installs the archive (checked against its
 * sha256) under ~/.local/share/envhub, links ~/.local/bin/envhub, and writes this hub's URLs as its defaults. The
 * archive is a small one this test makes (the real one is installed and run against a stack by stack-tests'
 * CliInstallIT): its bin/envhub prints what the launcher would see.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
class CliPagesTest {
    static final Path DIST = Path.of("target/cli-dist-test");

    @TestHTTPResource("/")
    URL base;

    @BeforeAll
    static void archive() throws Exception {
        Path staging = Files.createTempDirectory("envhub-cli-fixture-");
        Path bin = Files.createDirectories(staging.resolve("envhub/bin"));
        Files.writeString(bin.resolve("envhub"), """
                #!/bin/sh
                home=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd -P)
                . "$home/hub.env"
                echo "url=$ENVHUB_URL web=$ENVHUB_WEB_URL keycloak=$ENVHUB_KEYCLOAK_URL source=$ENVHUB_INSTALL_SOURCE args=$*"
                """);
        assertTrue(bin.resolve("envhub").toFile().setExecutable(true));
        Files.writeString(staging.resolve("envhub/VERSION"), "9.9.9-test\n");
        Files.createDirectories(DIST);
        Path tar = DIST.resolve("envhub-cli.tar.gz");
        Files.deleteIfExists(tar);
        Process p = new ProcessBuilder("tar", "-czf", tar.toAbsolutePath().toString(), "-C", staging.toString(), "envhub")
                .redirectErrorStream(true).start();
        assertEquals(0, p.waitFor(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        delete(staging);
    }

    static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    @Test
    void thePageListsTheArchiveWithItsSha256AndTheFilesDownload() throws Exception {
        String sha = sha256(DIST.resolve("envhub-cli.tar.gz"));
        given().get("/cli").then().statusCode(200)
                .body(containsString("curl -fsSL http://127.0.0.1:" + base.getPort() + "/cli/install.sh | sh"))
                .body(containsString("<a href=\"/cli/envhub-cli.tar.gz\">envhub-cli.tar.gz</a>"))
                .body(containsString(sha)).body(not(containsString("envhub-cli-linux-x86_64.tar.gz")));
        given().get("/cli/envhub-cli.tar.gz.sha256").then().statusCode(200)
                .body(equalTo(sha + "  envhub-cli.tar.gz\n"));
        byte[] bytes = given().get("/cli/envhub-cli.tar.gz").then().statusCode(200).contentType("application/gzip")
                .header("ETag", "\"" + sha + "\"").extract().asByteArray();
        assertEquals(sha, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
        given().get("/cli/envhub-cli-linux-x86_64.tar.gz").then().statusCode(404);
        given().get("/cli/other.tar.gz.sha256").then().statusCode(404);
        given().get("/").then().statusCode(200).body(containsString("<a href=\"/cli\">"));
    }

    @Test
    void installShInAFreshHomeInstallsTheArchiveWithThisHubAsItsDefault() throws Exception {
        Prerequisites.require(Files.isExecutable(Path.of("/usr/bin/curl")), "curl");
        Path home = Files.createTempDirectory("envhub-home-");
        try {
            String web = "http://127.0.0.1:" + base.getPort();
            Run install = sh(home, "curl -fsSL " + web + "/cli/install.sh | sh -s -- --portable");
            assertEquals(0, install.exit(), install.output());
            assertTrue(install.output().contains("Installed envhub 9.9.9-test into " + home + "/.local/share/envhub"),
                    install.output());
            assertTrue(install.output().contains("Add " + home + "/.local/bin to your PATH"), install.output());
            Path link = home.resolve(".local/bin/envhub");
            assertTrue(Files.isSymbolicLink(link), "linked");
            assertEquals(home.resolve(".local/share/envhub/bin/envhub"), Files.readSymbolicLink(link));

            Run run = sh(home, link + " whoami");
            assertTrue(run.output().strip().matches("url=http://127\\.0\\.0\\.1:8081 web=" + web.replace(".", "\\.")
                    + " keycloak=http://127\\.0\\.0\\.1:[0-9]+ source=" + web.replace(".", "\\.") + " args=whoami"),
                    run.output());
            Run mine = sh(home, "ENVHUB_URL=https://hub.example " + link);
            assertTrue(mine.output().startsWith("url=https://hub.example "), "the user's own variable wins: " + mine.output());

            Run again = sh(home, "curl -fsSL " + web + "/cli/install.sh | sh -s -- --portable");
            assertEquals(0, again.exit(), "running it again updates in place: " + again.output());
            assertFalse(Files.exists(home.resolve(".local/share/envhub.old")), "no leftovers");
        } finally {
            delete(home);
        }
    }

    @Test
    void aForgedHostHeaderNeverReachesTheScript() {
        var answer = given().header("Host", "evil$(touch /tmp/pwned):80").get("/cli/install.sh");
        if (answer.statusCode() == 200) { // the HTTP server may refuse the Host already (400); if not, the script must
            String script = answer.asString();
            assertFalse(script.contains("$(touch"), "the request's Host is used only when it is a plain origin");
            assertTrue(script.contains("web='http://127.0.0.1:8080'"), script);
        } else {
            assertEquals(400, answer.statusCode());
        }
        String plain = given().header("Host", "hub.example:8443").get("/cli/install.sh").then().statusCode(200)
                .contentType(containsString("text/x-shellscript")).extract().asString();
        assertTrue(plain.contains("web='http://hub.example:8443'"), "a plain origin is the hub the visitor came to");
    }

    record Run(int exit, String output) {
    }

    static Run sh(Path home, String command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of("sh", "-c", command)).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("HOME", home.toString());
        pb.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin");
        pb.environment().put("NO_PROXY", "127.0.0.1,localhost");
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "finished");
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
