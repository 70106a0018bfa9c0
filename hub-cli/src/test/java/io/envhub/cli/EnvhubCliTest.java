package io.envhub.cli;

import io.envhub.cli.core.ExitCodes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.stack.Ports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage, help and exit codes of the command line, without a hub. */
class EnvhubCliTest {
    @TempDir
    Path tmp;

    private CliRun cli() {
        return CliRun.with().env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString());
    }

    @Test
    void versionAndUsageErrors() {
        CliRun.Result v = cli().run("--version");
        assertEquals(0, v.exitCode());
        assertTrue(v.out().contains("envhub 0.1.0"));
        CliRun.Result bad = cli().run("--no-such-flag");
        assertEquals(ExitCodes.USAGE, bad.exitCode());
        assertTrue(bad.err().contains("Unknown option: '--no-such-flag'"), bad.err());
        assertEquals(ExitCodes.USAGE, cli().run("pull", "not-a-reference").exitCode());
        assertEquals(ExitCodes.USAGE, cli().run("pull", "alice/env@not a version").exitCode());
        CliRun.Result noReason = cli().run("yank", "alice/env@1.0");
        assertEquals(ExitCodes.USAGE, noReason.exitCode());
        assertEquals("envhub: say why with --reason \"...\" (users see it)", noReason.errorLine());
        assertEquals(ExitCodes.USAGE, cli().run("push", "--visibility", "secret").exitCode());
        assertEquals(ExitCodes.USAGE, cli().run("token", "create", "--name", "x", "--scope", "admin").exitCode());
    }

    @Test
    void everyCommandHasHelpWithAnExampleAndTheExitCodes() {
        for (List<String> cmd : List.of(List.<String>of(), List.of("login"), List.of("logout"), List.of("whoami"), List.of("init"),
                List.of("build"), List.of("push"), List.of("pull"), List.of("install"), List.of("search"), List.of("info"),
                List.of("versions"), List.of("yank"), List.of("token"), List.of("token", "create"), List.of("token", "list"),
                List.of("token", "revoke"))) {
            String[] args = new java.util.ArrayList<>(cmd) {{
                    add("--help");
                }}.toArray(String[]::new);
            CliRun.Result r = cli().run(args);
            assertEquals(0, r.exitCode(), cmd + ": " + r);
            assertTrue(r.out().contains("Example"), cmd + " has no example:\n" + r.out());
            assertTrue(r.out().contains("Exit codes:") && r.out().contains("4   local problem"), cmd + ":\n" + r.out());
        }
    }

    @Test
    void localProblemsAreExitCodeFour() throws Exception {
        CliRun.Result none = cli().run("build", tmp.toString());
        assertEquals(ExitCodes.LOCAL, none.exitCode());
        assertTrue(none.errorLine().startsWith("envhub: no pyproject.toml in "), none.errorLine());
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(bad.resolve("pyproject.toml"), "[project]\nname = \"x-env\"\n");
        CliRun.Result noVersion = cli().run("build", bad.toString());
        assertEquals(ExitCodes.LOCAL, noVersion.exitCode());
        assertEquals("envhub: pyproject.toml: missing project.version", noVersion.errorLine());
        Files.writeString(bad.resolve("pyproject.toml"), "[project\nname = ");
        assertTrue(cli().run("build", bad.toString()).errorLine().startsWith("envhub: pyproject.toml: malformed TOML at line 1"));
    }

    @Test
    void networkAndAuthProblemsAreExitCodeThree() {
        CliRun.Result whoami = cli().env("ENVHUB_URL", "http://127.0.0.1:1").run("whoami");
        assertEquals(ExitCodes.NETWORK_OR_AUTH, whoami.exitCode());
        assertEquals("envhub: not signed in to http://127.0.0.1:1 — run `envhub login` (or set ENVHUB_TOKEN)", whoami.errorLine());
        int port = Ports.free();
        CliRun.Result down = cli().env("ENVHUB_URL", "http://127.0.0.1:" + port).run("search", "x");
        assertEquals(ExitCodes.NETWORK_OR_AUTH, down.exitCode());
        assertTrue(down.errorLine().startsWith("envhub: cannot reach http://127.0.0.1:" + port + " (connection refused)"), down.err());
        CliRun.Result login = cli().env("ENVHUB_KEYCLOAK_URL", "http://127.0.0.1:" + port).run("login");
        assertEquals(ExitCodes.NETWORK_OR_AUTH, login.exitCode());
        assertTrue(login.errorLine().contains("cannot reach Keycloak at http://127.0.0.1:" + port), login.err());
    }

    @Test
    void initBuildAndDryRun() throws Exception {
        Path dir = tmp.resolve("reverse-words");
        CliRun.Result init = cli().run("init", "reverse-words", "--dir", dir.toString(), "--legacy");
        assertEquals(0, init.exitCode(), init.toString());
        for (String f : List.of("pyproject.toml", "reverse_words.py", "README.md", ".gitignore")) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertEquals(ExitCodes.LOCAL, cli().run("init", "reverse-words", "--dir", dir.toString()).exitCode());
        assertEquals(ExitCodes.USAGE, cli().run("init", "-bad name-", "--dir", tmp.resolve("b").toString()).exitCode());

        CliRun.Result dry = cli().run("push", dir.toString(), "--dry-run", "--json");
        assertEquals(0, dry.exitCode(), dry.toString());
        JsonNode json = new ObjectMapper().readTree(dry.out());
        assertEquals("reverse-words", json.path("build").path("name").asText());
        assertEquals("0.1.0", json.path("build").path("version").asText());
        assertEquals(List.of("reverse_words.py"), List.of(json.path("build").path("files").get(0).asText()));
        assertTrue(json.path("dryRun").asBoolean());
        for (JsonNode c : json.path("checks")) {
            assertTrue(c.path("passed").asBoolean(), c.toString());
        }
        Path wheel = Path.of(json.path("build").path("wheel").asText());
        assertTrue(Files.exists(wheel));
        assertTrue(cli().run("build", dir.toString()).out().contains("sha256:       " + json.path("build").path("sha256").asText()));
    }

    @Test
    void pushDryRunOfAReadmeLessV1TasksetAndARefusedOne() throws Exception {
        Path dir = tmp.resolve("letter-count");
        Files.createDirectories(dir.resolve("letter_count"));
        Files.writeString(dir.resolve("pyproject.toml"), """
                [project]
                name = "letter-count"
                version = "0.1.0"
                description = "Count the letters of a word"
                dependencies = ["verifiers[openenv]>=0.1"]
                """);
        Files.writeString(dir.resolve("letter_count/__init__.py"),
                "from letter_count.taskset import LetterTaskset\n\n__all__ = [\"LetterTaskset\"]\n");
        Files.writeString(dir.resolve("letter_count/taskset.py"), """
                import verifiers.v1 as vf

                class LetterTask(vf.Task):
                    @vf.reward(weight=1.0)
                    async def exact(self, trace): return 1.0

                class LetterTaskset(vf.Taskset[LetterTask, vf.TasksetConfig]):
                    def load(self):
                        return [LetterTask(vf.TaskData(idx=0, prompt="abc"))]
                """);
        CliRun.Result dry = cli().run("push", dir.toString(), "--dry-run");
        assertEquals(0, dry.exitCode(), dry.toString());
        assertTrue(dry.out().contains("  ok   layout: verifiers v1 taskset LetterTaskset (letter_count/taskset.py)"), dry.out());
        assertTrue(dry.out().contains("  warn readme: no README: the hub shows an overview generated from the package"), dry.out());
        CliRun.Result build = cli().run("build", dir.toString());
        assertEquals(0, build.exitCode(), build.toString());
        assertTrue(build.out().contains("warn readme: no README"), build.out());

        Files.writeString(dir.resolve("letter_count/__init__.py"), "from letter_count.taskset import LetterTaskset\n");
        CliRun.Result refused = cli().run("push", dir.toString(), "--dry-run");
        assertEquals(ExitCodes.LOCAL, refused.exitCode(), refused.toString());
        assertTrue(refused.out().contains("  FAIL layout: module 'letter_count' defines no `__all__`"), refused.out());
        assertTrue(refused.errorLine().startsWith("envhub: local check 'layout' failed: module 'letter_count' defines no `__all__`"),
                refused.errorLine());
    }

    @Test
    void jsonErrorsForScripts() throws Exception {
        CliRun.Result r = cli().run("build", tmp.toString(), "--json");
        assertEquals(ExitCodes.LOCAL, r.exitCode());
        JsonNode err = new ObjectMapper().readTree(r.out()).path("error");
        assertEquals(4, err.path("exitCode").asInt());
        assertTrue(err.path("message").asText().startsWith("no pyproject.toml"));
    }

    @Test
    void loginWithSomethingThatIsNotAToken() {
        CliRun.Result r = cli().stdin("ghp_notours\n").run("login", "--token");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.errorLine().contains("not an EnvHub personal access token"), r.err());
    }
}
