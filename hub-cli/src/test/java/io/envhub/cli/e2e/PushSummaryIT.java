package io.envhub.cli.e2e;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.CliRun;
import io.envhub.cli.core.ExitCodes;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code envhub push} waits for the real validator (the packaged package-validator, bubblewrap sandbox) and prints the
 * hub's verdict: a verified, a flagged (reward-hacking: empty completions score like the answer) and a failing
 * ({@code load_environment} raises) package, with their exit codes, {@code --strict}, and the status words of
 * {@code envhub versions} and {@code envhub info}.
 */
@ExtendWith(HubBackendExtension.class)
class PushSummaryIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXACT = "return 1.0 if str(completion).strip() == answer else 0.0";

    @TempDir
    static Path tmp;

    static HubBackend hub;
    static ValidatorProcess validator;
    static String run;

    @BeforeAll
    static void startValidator(HubBackend backend) throws Exception {
        Prerequisites.require(Files.exists(ValidatorProcess.runner()) && Files.isExecutable(Path.of("/usr/bin/bwrap")),
                "a packaged package-validator (" + ValidatorProcess.runner() + ") and bubblewrap");
        hub = backend;
        validator = ValidatorProcess.start(hub.url());
        run = UUID.randomUUID().toString().substring(0, 6);
    }

    @AfterAll
    static void stopValidator() throws Exception {
        if (validator != null) {
            validator.close();
        }
    }

    static CliRun alice() {
        return CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl())
                .env("ENVHUB_WEB_URL", "https://web.example").env("ENVHUB_CONFIG_DIR", tmp.resolve("alice").toString())
                .env("ENVHUB_TOKEN", Tokens.forUser("alice", "alice"));
    }

    /**
     * A project from {@code envhub init} with its own texts (no dataset overlap between the packages or with other
     * tests' environments) and one edit of its module.
     */
    static Path project(String name, String find, String replace) throws Exception {
        Path dir = tmp.resolve(name);
        CliRun.Result init = alice().run("init", name, "--dir", dir.toString(), "--legacy");
        assertEquals(0, init.exitCode(), init.toString());
        Path module = dir.resolve(name.replace('-', '_') + ".py");
        String source = Files.readString(module);
        String texts = "TEXTS = [" + String.join(", ", List.of("alpha", "bravo", "charlie", "delta", "echo").stream()
                .map(w -> "\"" + w + " " + name + "\"").toList()) + "]";
        String edited = source.replaceFirst("TEXTS = \\[[^\\]]*\\]", texts);
        assertTrue(edited.contains(find), "the scaffold has `" + find + "`");
        Files.writeString(module, edited.replace(find, replace));
        return dir;
    }

    private static CliRun.Result push(Path dir, String... extra) {
        String[] args = new String[2 + extra.length];
        args[0] = "push";
        args[1] = dir.toString();
        System.arraycopy(extra, 0, args, 2, extra.length);
        CliRun.Result r = alice().run(args);
        System.out.println("$ envhub push " + dir.getFileName() + " " + String.join(" ", extra) + "\n" + r.out());
        return r;
    }

    /** The printed summary: from the {@code Status:} line to the end. */
    private static List<String> summary(CliRun.Result r) {
        List<String> lines = r.out().lines().toList();
        int from = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("Status: ")) {
                from = i;
            }
        }
        assertTrue(from >= 0, "a Status: line\n" + r + "\nvalidator log:\n" + validator.logTail());
        return lines.subList(from, lines.size());
    }

    @Test
    void verifiedPackageExitsZeroEvenWithStrict() throws Exception {
        String name = "sum-good-" + run;
        CliRun.Result r = push(project(name, "def exact_reversal", "def exact_reversal"), "--strict", "--wait-timeout", "240");
        assertEquals(List.of("Status: verified", "Report: https://web.example/alice/" + name + "/versions/0.1.0"), summary(r),
                r.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());

        CliRun.Result versions = alice().run("versions", "alice/" + name);
        assertEquals(0, versions.exitCode(), versions.toString());
        assertTrue(versions.out().lines().anyMatch(l -> l.matches("0\\.1\\.0\\s+verified\\s+.*")), versions.out());
        CliRun.Result info = alice().run("info", "alice/" + name);
        assertTrue(info.out().contains("  latest:     0.1.0 (verified)"), info.out());
        CliRun.Result search = alice().run("search", name);
        assertTrue(search.out().contains("    status: verified  tags: "), search.out());
    }

    @Test
    void flaggedPackageNamesTheFlagAndFailsOnlyWithStrict() throws Exception {
        String name = "sum-flag-" + run;
        // empty completions are paid like the right answer: the reward-hacking probe flags it
        Path dir = project(name, EXACT, "return 1.0 if str(completion).strip() in (answer, \"\") else 0.0");
        CliRun.Result r = push(dir, "--wait-timeout", "240", "--json");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        JsonNode json = JSON.readTree(r.out());
        assertEquals("flagged", json.path("validation").path("trustStatus").asText(), r.out());

        Path toml = dir.resolve("pyproject.toml");
        Files.writeString(toml, Files.readString(toml).replace("version = \"0.1.0\"", "version = \"0.1.1\""));
        CliRun.Result strict = push(dir, "--strict", "--wait-timeout", "240");
        assertEquals(ExitCodes.WARNINGS, strict.exitCode(), strict.toString());
        List<String> lines = summary(strict);
        assertEquals("Status: verified with 1 flag", lines.get(0), strict.out());
        assertTrue(lines.get(1).startsWith("  ! trust.reward_hacking: reward hacking: the empty completion scores 1.000"),
                strict.out());
        // trust v2: each finding with its category and the fix hint on the next line
        assertTrue(lines.get(2).startsWith("  ⚑ hacking: reward hacking: the empty completion scores 1.000"), strict.out());
        assertTrue(lines.get(3).strip().startsWith("fix: "), strict.out());
        assertEquals("Report: https://web.example/alice/" + name + "/versions/0.1.1", lines.get(lines.size() - 1));
        assertEquals(5, lines.size(), strict.out());

        CliRun.Result versions = alice().run("versions", "alice/" + name);
        assertTrue(versions.out().lines().anyMatch(l -> l.matches("0\\.1\\.1\\s+verified with 1 flag\\s+.*")), versions.out());
    }

    @Test
    void failingPackageShowsTheFailingCheckAndExitsOne() throws Exception {
        String name = "sum-fail-" + run;
        Path dir = project(name, "    rows = [{\"prompt\"",
                "    raise RuntimeError(\"the task file is missing\")\n    rows = [{\"prompt\"");
        CliRun.Result r = push(dir, "--wait-timeout", "240");
        assertEquals(ExitCodes.REFUSED, r.exitCode(), r.toString());
        List<String> lines = summary(r);
        assertEquals("Status: failed", lines.get(0), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  ✗ runtime.") && l.contains("RuntimeError: the task file is missing")),
                r.out());
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("  ⚑")), r.out());
        assertEquals("Report: https://web.example/alice/" + name + "/versions/0.1.0", lines.get(lines.size() - 1));

        CliRun.Result info = alice().run("info", "alice/" + name);
        assertTrue(info.out().contains("  latest:     0.1.0 (failed)"), info.out());
    }
}
