package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testprereq.Prerequisites;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every {@link Sandbox} that runs commands promises, whatever its isolation: the command runs with the spec's
 * mounts, environment and input in a fresh job directory, its exit status and output come back (output capped,
 * head and tail kept), and the limits hold (wall clock for the whole process tree, CPU, memory, file size).
 * Each implementation's test is a subclass that only says how to make the sandbox; sandboxes that isolate also pass
 * {@link IsolatingSandboxContract}. Runs real programs (Debian's {@code /usr/bin/python3}), no mocks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SandboxContract {

    /** Small limits so that the limit tests finish fast; uid of the tests' sandbox. */
    protected static final SandboxLimits LIMITS = new SandboxLimits(256L << 20, 5, 60, 32, 1L << 20, 64, 64 * 1024, 4L << 20,
            BubblewrapAssumption.UID);

    /** The sandbox under test. */
    protected Sandbox sandbox;
    /** A host directory for this test's mounts, readable by the sandbox uid. */
    protected Path base;

    /**
     * Makes the implementation under test.
     *
     * @return a new sandbox
     */
    protected abstract Sandbox newSandbox();

    @BeforeAll
    void makeSandbox() {
        sandbox = newSandbox();
        String problem = null;
        try {
            sandbox.verify();
        } catch (SandboxUnavailableException e) {
            problem = e.getMessage();
        }
        Prerequisites.require(problem == null, "a usable " + sandbox.name() + " sandbox (" + problem + ")");
    }

    @BeforeEach
    void makeBase() throws IOException {
        base = Files.createTempDirectory("envhub-sandbox-contract-");
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterEach
    void deleteBase() throws IOException {
        try (Stream<Path> walk = Files.walk(base)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** Runs Python code with the given limits and mounts and the extra variable {@code EXTRA=1}. */
    protected SandboxResult python(SandboxLimits limits, List<Mount> mounts, String code) {
        return sandbox.run(new SandboxSpec(List.of("/usr/bin/python3", "-I", "-c", code), mounts, Map.of("EXTRA", "1"), null, limits));
    }

    /** A host directory the sandbox uid may read. */
    protected Path readableDir(String name, String file, String content) throws IOException {
        Path dir = Files.createDirectories(base.resolve(name));
        Files.writeString(dir.resolve(file), content);
        Files.setPosixFilePermissions(dir.resolve(file), PosixFilePermissions.fromString("rw-r--r--"));
        return dir;
    }

    /** A host directory the sandbox uid may write. */
    protected Path writableDir(String name) throws IOException {
        Path dir = Files.createDirectories(base.resolve(name));
        if (isRoot()) {
            Files.setAttribute(dir, "unix:uid", BubblewrapAssumption.UID);
        }
        return dir;
    }

    @Test
    void reportsTheExitStatusOfTheCommand() {
        SandboxResult ok = sandbox.run(SandboxSpec.of(LIMITS, List.of(), "/usr/bin/true"));
        assertEquals(0, ok.exitCode(), ok.stderr());
        assertEquals(SandboxResult.Termination.EXITED, ok.termination());
        SandboxResult three = sandbox.run(SandboxSpec.of(LIMITS, List.of(), "/bin/sh", "-c", "exit 3"));
        assertEquals(3, three.exitCode(), three.stderr());
        assertEquals(SandboxResult.Termination.EXITED, three.termination());
        assertEquals("exited with status 3", three.describe(LIMITS));
    }

    @Test
    void capturesStandardOutputAndStandardErrorApart() {
        SandboxResult r = python(LIMITS, List.of(), "import sys\nprint('to out')\nprint('to err', file=sys.stderr)\n");
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("to out", r.stdout().strip());
        assertEquals("to err", r.stderr().strip());
        assertFalse(r.stdoutTruncated());
        assertFalse(r.stderrTruncated());
    }

    @Test
    void feedsStandardInput() {
        SandboxResult r = sandbox.run(new SandboxSpec(List.of("/usr/bin/python3", "-c", "import sys; print(sys.stdin.read()[::-1])"),
                List.of(), Map.of(), "olleh".getBytes(StandardCharsets.UTF_8), LIMITS));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("hello", r.stdout().strip());
    }

    @Test
    void capsOutputKeepingHeadAndTail() {
        SandboxResult r = python(LIMITS, List.of(), "import sys\nsys.stdout.write('HEAD' + 'x' * 500000 + 'TAIL')\n");
        assertEquals(0, r.exitCode(), r.stderr());
        assertTrue(r.stdoutTruncated());
        assertTrue(r.stdout().startsWith("HEAD") && r.stdout().endsWith("TAIL"));
        assertTrue(r.stdout().length() < 64 * 1024 + 100, "kept " + r.stdout().length());
        assertTrue(r.stdout().contains("bytes dropped"));
    }

    @Test
    void inheritsNoEnvironmentAndWorksInTheJobDirectory() throws Exception {
        SandboxResult r = python(LIMITS, List.of(), """
                import os
                print(sorted(os.environ))
                print(os.environ["EXTRA"], os.getcwd() == os.environ["HOME"] == os.environ["TMPDIR"])
                open("here.txt", "w").write("ok")
                print(open(os.path.join(os.environ["HOME"], "here.txt")).read())
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        List<String> lines = r.stdout().lines().toList();
        Set<String> allowed = Set.of("EXTRA", "HOME", "LANG", "PATH", "PWD", "TMPDIR");
        for (String key : lines.get(0).replaceAll("[\\[\\]' ]", "").split(",")) {
            assertTrue(allowed.contains(key), "inherited " + key + ": " + lines.get(0));
        }
        assertEquals("1 True", lines.get(1));
        assertEquals("ok", lines.get(2));
    }

    @Test
    void eachRunGetsAFreshJobDirectory() {
        SandboxResult first = python(LIMITS, List.of(), "open('left.txt', 'w').write('x')\n");
        assertEquals(0, first.exitCode(), first.stderr());
        SandboxResult second = python(LIMITS, List.of(), "import os\nprint(os.path.exists('left.txt'))\n");
        assertEquals("False", second.stdout().strip(), second.stderr());
    }

    @Test
    void mountsAreVisibleAtTheirTargetsAndWritableOnesKeepWhatIsWritten() throws IOException {
        Path ro = readableDir("ro", "data.txt", "visible");
        Path rw = writableDir("rw");
        SandboxResult r = sandbox.run(new SandboxSpec(List.of("/usr/bin/python3", "-I", "-c",
                "import sys\nprint(open(sys.argv[1]).read())\nopen(sys.argv[2], 'w').write('written')\n", "/data/data.txt",
                "/out/result.txt"),
                List.of(Mount.readOnly(ro, "/data"), Mount.writable(rw, "/out")), Map.of(), null, LIMITS));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("visible", r.stdout().strip());
        assertEquals("written", Files.readString(rw.resolve("result.txt")));
    }

    @Test
    void wallClockKillsTheWholeTreeIncludingDetachedChildren() {
        String token = "envhub-wall-" + UUID.randomUUID();
        SandboxLimits limits = LIMITS.withTime(5, 4);
        SandboxResult r = python(limits, List.of(), "# " + token + """

                import os, subprocess, time
                subprocess.Popen(["/usr/bin/python3", "-c", "import time; time.sleep(600)", "%s"], start_new_session=True)
                if os.fork() == 0:
                    os.setsid()
                    import signal
                    signal.signal(signal.SIGTERM, signal.SIG_IGN)
                    signal.signal(signal.SIGHUP, signal.SIG_IGN)
                    time.sleep(600)
                time.sleep(600)
                """.formatted(token));
        assertEquals(SandboxResult.Termination.WALL_CLOCK, r.termination(), r.toString());
        assertEquals("killed: wall-clock limit of 4 s exceeded", r.describe(limits));
        assertNoProcessMentions(token);
    }

    @Test
    void cpuLimitKillsWithSigxcpu() {
        SandboxResult r = python(LIMITS.withTime(1, 60), List.of(), "while True:\n    pass\n");
        assertEquals(SandboxResult.Termination.CPU_LIMIT, r.termination(), r.toString());
        assertEquals(152, r.exitCode());
        assertEquals("killed: CPU time limit of 1 s exceeded", r.describe(LIMITS.withTime(1, 60)));
    }

    @Test
    void memoryLimitRefusesAllocationsBeyondIt() {
        SandboxResult r = python(LIMITS, List.of(), """
                try:
                    block = bytearray(512 << 20)
                    print("allocated", len(block))
                except MemoryError:
                    print("refused")
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("refused", r.stdout().strip());
    }

    @Test
    void fileSizeLimitRefusesLargerFiles() {
        SandboxResult r = python(LIMITS, List.of(), """
                try:
                    open("big", "wb").write(b"0" * (2 << 20))
                    print("written")
                except OSError as e:
                    print("refused", e.errno)
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("refused 27", r.stdout().strip(), "EFBIG");
    }

    /** Waits up to 10 s for every host process whose command line holds {@code token} to be gone. */
    protected static void assertNoProcessMentions(String token) {
        String left = "";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            left = run("pgrep", "-a", "-f", token);
            if (left.isBlank()) {
                return;
            }
            pause();
        }
        assertEquals("", left, "processes left behind");
    }

    /** Whether the tests run as root. */
    protected static boolean isRoot() {
        return "0".equals(run("id", "-u"));
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
