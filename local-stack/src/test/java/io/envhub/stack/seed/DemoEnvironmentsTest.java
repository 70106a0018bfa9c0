package io.envhub.stack.seed;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.wheel.Wheel;
import io.envhub.format.wheel.WheelReader;
import io.envhub.stack.seed.DemoEnvironments.DemoEnvironment;
import io.envhub.stack.seed.DemoEnvironments.DemoWheel;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo environments are valid wheels with the intended names, versions and tags, and their rewards really score. */
class DemoEnvironmentsTest {
    @TempDir
    Path dir;

    @Test
    void catalogueIsVariedWithVersionsAndOnePrivateEnvironment() {
        List<DemoEnvironment> envs = DemoEnvironments.all();
        assertTrue(envs.size() >= 6 && envs.size() <= 8, "6 to 8 demo environments, not " + envs.size());
        assertEquals(envs.size(), envs.stream().map(DemoEnvironment::fullName).distinct().count());
        assertEquals(List.of("alice/sudoku-mini"), envs.stream().filter(e -> !e.isPublic()).map(DemoEnvironment::fullName).toList());
        assertTrue(envs.stream().filter(e -> e.versions().size() >= 2).count() >= 2, "a couple with several versions");
        assertTrue(envs.stream().anyMatch(e -> e.owner().equals(DemoEnvironments.ORG)), "some owned by the organisation");
        Set<String> tags = new HashSet<>();
        envs.forEach(e -> tags.addAll(e.tags()));
        assertTrue(tags.containsAll(List.of("text", "math", "code", "single-turn", "multi-turn", "tool-use")), tags.toString());
    }

    @Test
    void everyVersionIsAWheelThatPackageFormatReads() throws Exception {
        int wheels = 0;
        for (DemoEnvironment env : DemoEnvironments.all()) {
            for (String version : env.versionList()) {
                DemoWheel built = DemoEnvironments.wheel(env, version);
                Path file = Files.write(dir.resolve(built.filename()), built.bytes());
                Wheel wheel = WheelReader.read(file);
                String module = DemoEnvironments.module(env);
                assertEquals(module + "-" + version + "-py3-none-any.whl", built.filename());
                assertEquals(built.filename(), wheel.expectedFileName());
                assertEquals(env.name(), wheel.metadata().name());
                assertEquals(version, wheel.metadata().version());
                assertEquals(env.tags(), wheel.metadata().keywords());
                assertEquals(env.license(), wheel.metadata().license());
                assertEquals(env.summary(), wheel.metadata().summary());
                assertTrue(wheel.metadata().requiresDist().isEmpty(), "dependency-free");
                assertTrue(wheel.files().contains(module + ".py"), wheel.files().toString());
                String readme = wheel.metadata().description();
                assertTrue(readme.startsWith("# " + env.name() + "\n"), readme);
                assertTrue(readme.contains("\n| function | weight |") || readme.contains("\n| tool |"), "a table");
                assertTrue(readme.contains("\n```"), "a code block");
                assertTrue(readme.contains("- **" + version + "**: " + env.versions().get(version)), "changelog");
                assertArrayEquals(built.bytes(), DemoEnvironments.wheel(env, version).bytes(), "reproducible");
                wheels++;
            }
        }
        assertEquals(DemoEnvironments.all().stream().mapToInt(e -> e.versions().size()).sum(), wheels);
    }

    @Test
    void rewardsPayForTheAnswerAndNotForProbes() throws Exception {
        Prerequisites.require(Files.isExecutable(Path.of("/usr/bin/python3")), "/usr/bin/python3");
        Path script = dir.resolve("demo_probe.py");
        try (InputStream in = getClass().getResourceAsStream("demo_probe.py")) {
            Files.copy(in, script);
        }
        ObjectMapper json = new ObjectMapper();
        for (DemoEnvironment env : DemoEnvironments.all()) {
            Path src = Files.createDirectories(dir.resolve(env.name()));
            Path file = Files.write(dir.resolve(env.name() + ".whl"), DemoEnvironments.wheel(env, env.latest()).bytes());
            extract(file, src, WheelReader.read(file).files());
            Process p = new ProcessBuilder("/usr/bin/python3", "-I", script.toString(), src.toString(), DemoEnvironments.module(env))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, env.name() + ": " + out);
            JsonNode r = json.readTree(out.lines().reduce((a, b) -> b).orElse("{}"));
            assertTrue(r.path("rows").asInt() >= 10, env.name() + " rows: " + out);
            double answer = r.path("means").path("answer").asDouble();
            assertTrue(answer >= 1.0, env.name() + ": the reference answer scores fully: " + out);
            for (String probe : List.of("empty", "echo", "junk")) {
                assertTrue(r.path("means").path(probe).asDouble() < 0.5 * answer, env.name() + " " + probe + ": " + out);
            }
        }
    }

    private static void extract(Path wheel, Path target, List<String> files) throws Exception {
        try (var zip = new java.util.zip.ZipFile(wheel.toFile())) {
            for (String name : files) {
                if (name.endsWith(".py")) {
                    try (InputStream in = zip.getInputStream(zip.getEntry(name))) {
                        Files.copy(in, target.resolve(name));
                    }
                }
            }
        }
    }
}
