package io.envhub.stacktests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.RepoPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh machine: {@code ./envhub-stack up} and {@code ./envhub-stack test} check their prerequisites before building
 * anything, and when a Debian package is missing (and they may not install it) they stop within seconds with the
 * exact command to run. What is "missing" is simulated with the script's lookup overrides (a PATH with only a JDK in
 * it, an interpreter path that does not exist), which also turn installing off: nothing is removed or installed here.
 */
class PrerequisitesTest {
    private static final String UP_PACKAGES = "bubblewrap util-linux python3 python3-venv python3-pip";

    private final Path root = RepoPaths.root();

    @TempDir
    Path tmp;

    private record Run(int code, String output, double seconds) {
    }

    private Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 1];
        command[0] = root.resolve("envhub-stack").toString();
        System.arraycopy(args, 0, command, 1, args.length);
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        pb.environment().put("ENVHUB_STACK_DIR", tmp.resolve("stack").toString());
        pb.environment().putAll(env);
        Path out = tmp.resolve("out.txt");
        pb.redirectOutput(out.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("./envhub-stack " + String.join(" ", args) + " did not finish in 2 minutes");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        System.out.println(text);
        return new Run(p.exitValue(), text, (System.nanoTime() - start) / 1e9);
    }

    /** A directory that holds only the JDK's java and javac: everything else the stack needs is "not installed". */
    private Path pathWithOnlyAJdk() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path javaHome = Path.of(System.getProperty("java.home"));
        Files.createSymbolicLink(bin.resolve("java"), javaHome.resolve("bin/java"));
        Path javac = javaHome.resolve("bin/javac");
        Files.createSymbolicLink(bin.resolve("javac"), Files.exists(javac) ? javac : Path.of("/usr/bin/javac"));
        return bin;
    }

    private Map<String, String> missing(Path bin) {
        return Map.of("ENVHUB_PREREQ_PATH", bin.toString(), "ENVHUB_PREREQ_PYTHON", tmp.resolve("no/python3").toString());
    }

    @Test
    void upStopsBeforeBuildingWithTheExactCommand() throws Exception {
        Run up = run(missing(pathWithOnlyAJdk()), "up");
        assertEquals(1, up.code(), up.output());
        assertTrue(up.output().contains("apt-get install -y --no-install-recommends " + UP_PACKAGES + "\n"), up.output());
        assertTrue(up.output().contains("bubblewrap: the validator's sandbox (bwrap)"), "says why each is needed: " + up.output());
        assertFalse(up.output().contains("building the services"), "nothing is built: " + up.output());
        assertFalse(up.output().contains("installing missing"), "the overrides never install: " + up.output());
        assertTrue(up.seconds() < 30, "it stops within seconds: " + up.seconds());
    }

    @Test
    void testNamesTheBrowserAndToolPackagesToo() throws Exception {
        Run test = run(missing(pathWithOnlyAJdk()), "test", "-DskipTests");
        assertEquals(1, test.code(), test.output());
        assertTrue(test.output().contains("apt-get install -y --no-install-recommends " + UP_PACKAGES
                + " chromium chromium-driver curl unzip twine npm pgbouncer runsc\n"), test.output());
        assertFalse(test.output().contains("./mvnw -B verify"), "Maven is not started: " + test.output());
    }

    @Test
    void upWithTheGvisorSandboxNamesRunsc() throws Exception {
        Map<String, String> env = new HashMap<>(missing(pathWithOnlyAJdk()));
        env.put("ENVHUB_SANDBOX", "gvisor");
        Run up = run(env, "up");
        assertEquals(1, up.code(), up.output());
        assertTrue(up.output().contains("apt-get install -y --no-install-recommends " + UP_PACKAGES + " runsc\n"), up.output());
        assertTrue(up.output().contains("runsc: the gVisor sandbox"), up.output());
    }

    @Test
    void anOldJavaIsNamedWithTheJdkPackage() throws Exception {
        Path bin = pathWithOnlyAJdk();
        Files.delete(bin.resolve("java"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"11.0.22\" 2024-01-16' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Run doctor = run(Map.of("ENVHUB_PREREQ_PATH", bin.toString()), "doctor");
        assertEquals(1, doctor.code(), doctor.output());
        assertTrue(doctor.output().contains("found Java 11.0.22"), doctor.output());
        assertTrue(doctor.output().contains("--no-install-recommends openjdk-17-jdk-headless"), doctor.output());
    }

    @Test
    void thisMachineHasEverything() throws Exception {
        // the suite runs after ./envhub-stack test prepared the machine (CI: .ci/run), so every check passes here
        Run doctor = run(Map.of(), "doctor");
        assertEquals(0, doctor.code(), doctor.output());
        assertTrue(doctor.output().contains("a sandbox with its own user namespace starts"), doctor.output());
        assertTrue(doctor.output().contains("a sandbox starts (runsc --network=none)"), doctor.output());
        assertTrue(doctor.output().contains("every prerequisite is in place"), doctor.output());
    }
}
