package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What sandboxed code can see and do, checked with small Python programs run through the real bubblewrap sandbox. */
class BubblewrapSandboxTest {

    private static final SandboxLimits LIMITS = new SandboxLimits(256L << 20, 5, 60, 32, 1L << 20, 64, 64 * 1024, 4L << 20,
            BubblewrapAssumption.UID);
    private static BubblewrapSandbox sandbox;

    @BeforeAll
    static void setUp() {
        BubblewrapAssumption.assumeBubblewrap();
        sandbox = new BubblewrapSandbox();
    }

    @AfterEach
    void nothingLeftRunning() {
        BubblewrapAssumption.assertNoSandboxProcesses();
    }

    private static SandboxResult python(SandboxLimits limits, List<Mount> mounts, String code) {
        return sandbox.run(new SandboxSpec(List.of("/usr/bin/python3", "-I", "-c", code), mounts, Map.of("EXTRA", "1"), null, limits));
    }

    @Test
    void runsAsTheUnprivilegedUidWithACleanEnvironmentAndAReadOnlyRoot() throws Exception {
        SandboxResult r = python(LIMITS, List.of(), """
                import os, json
                print(json.dumps({"uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(), "cwd": os.getcwd(),
                                  "env": dict(os.environ), "root": sorted(os.listdir("/")), "tmp": os.path.realpath("/tmp")}))
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        JsonNode j = new ObjectMapper().readTree(r.stdout());
        assertEquals(61000, j.path("uid").asInt());
        assertEquals(61000, j.path("gid").asInt());
        assertEquals("[]", j.path("groups").toString());
        assertEquals("/job", j.path("cwd").asText());
        assertEquals("{\"EXTRA\":\"1\",\"HOME\":\"/job\",\"LANG\":\"C.UTF-8\",\"PATH\":\"/usr/bin:/bin\","
                + "\"TMPDIR\":\"/job\",\"PWD\":\"/job\"}",
                j.path("env").toString());
        assertEquals("[\"bin\",\"dev\",\"job\",\"lib\",\"lib64\",\"proc\",\"sbin\",\"tmp\",\"usr\"]", j.path("root").toString());
        assertEquals("/job", j.path("tmp").asText());
        assertEquals(SandboxResult.Termination.EXITED, r.termination());
    }

    @Test
    void outputIsCappedKeepingHeadAndTail() {
        SandboxResult r = python(LIMITS, List.of(), "import sys\nsys.stdout.write('HEAD' + 'x' * 500000 + 'TAIL')\n");
        assertEquals(0, r.exitCode(), r.stderr());
        assertTrue(r.stdoutTruncated());
        assertTrue(r.stdout().startsWith("HEAD") && r.stdout().endsWith("TAIL"));
        assertTrue(r.stdout().length() < 64 * 1024 + 100, "kept " + r.stdout().length());
        assertTrue(r.stdout().contains("bytes dropped"));
    }

    @Test
    void standardInputIsFed() {
        SandboxResult r = sandbox.run(new SandboxSpec(List.of("/usr/bin/python3", "-c", "import sys; print(sys.stdin.read()[::-1])"),
                List.of(), Map.of(), "olleh".getBytes(StandardCharsets.UTF_8), LIMITS));
        assertEquals("hello", r.stdout().strip());
    }

    @Test
    void bindsAreReadOnlyUnlessWritableAndTheJobDirectoryIsCapped() throws IOException {
        Path base = Files.createTempDirectory("envhub-sandbox-test-");
        try {
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path ro = Files.createDirectories(base.resolve("ro"));
            Files.writeString(ro.resolve("data.txt"), "visible");
            Files.setPosixFilePermissions(ro.resolve("data.txt"), PosixFilePermissions.fromString("rw-r--r--"));
            Path rw = Files.createDirectories(base.resolve("rw"));
            Files.setAttribute(rw, "unix:uid", BubblewrapAssumption.UID);
            SandboxResult r = python(LIMITS, List.of(Mount.readOnly(ro, "/data"), Mount.writable(rw, "/out")), """
                    print(open("/data/data.txt").read())
                    open("/out/result.txt", "w").write("written")
                    for target in ["/data/x", "/usr/x", "/x"]:
                        try:
                            open(target, "w")
                        except OSError as e:
                            print("refused", target, e.errno)
                    try:
                        open("/job/big", "wb").write(b"0" * (3 << 20))
                        open("/job/big2", "wb").write(b"0" * (3 << 20))
                    except OSError as e:
                        print("capped", e.errno)
                    """);
            assertEquals(0, r.exitCode(), r.stderr());
            assertTrue(r.stdout().contains("visible"));
            assertEquals("written", Files.readString(rw.resolve("result.txt")));
            assertTrue(r.stdout().contains("refused /data/x 30") && r.stdout().contains("refused /usr/x 30")
                    && r.stdout().contains("refused /x 30"), r.stdout());
            assertTrue(r.stdout().contains("capped 28") || r.stdout().contains("capped 27"), r.stdout());
            assertFalse(Files.exists(ro.resolve("x")));
        } finally {
            try (var walk = Files.walk(base)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void wallClockKillsTheWholeTreeIncludingDetachedChildren() {
        long t0 = System.nanoTime();
        SandboxResult r = python(LIMITS.withTime(5, 4), List.of(), """
                import os, subprocess, time
                subprocess.Popen(["/usr/bin/sleep", "600"], start_new_session=True)
                if os.fork() == 0:
                    os.setsid()
                    import signal
                    signal.signal(signal.SIGTERM, signal.SIG_IGN)
                    signal.signal(signal.SIGHUP, signal.SIG_IGN)
                    time.sleep(600)
                time.sleep(600)
                """);
        assertEquals(SandboxResult.Termination.WALL_CLOCK, r.termination(), r.toString());
        assertEquals("killed: wall-clock limit of 4 s exceeded", r.describe(LIMITS.withTime(5, 4)));
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 20_000);
    }

    @Test
    void cpuLimitKillsWithSigxcpu() {
        SandboxResult r = python(LIMITS.withTime(1, 60), List.of(), "while True:\n    pass\n");
        assertEquals(SandboxResult.Termination.CPU_LIMIT, r.termination(), r.toString());
        assertEquals(152, r.exitCode());
    }

    @Test
    void commandLineFollowsTheRecipe() {
        List<String> c = sandbox.commandLine(SandboxSpec.of(LIMITS, List.of(Mount.readOnly(Path.of("/srv/pkg"), "/pkg")), "/usr/bin/true"));
        String line = String.join(" ", c);
        assertTrue(line.startsWith("/usr/bin/prlimit --as=268435456 --cpu=5:6 --nproc=32 --fsize=1048576 --nofile=64 --core=0 -- "
                + "/usr/bin/timeout -s KILL 60 /usr/bin/setpriv --reuid=61000 --regid=61000 --clear-groups /usr/bin/bwrap "
                + "--unshare-all --unshare-user --disable-userns --die-with-parent --new-session --clearenv --ro-bind /usr /usr"), line);
        assertTrue(line.contains("--perms 1777 --size 4194304 --tmpfs /job --symlink /job /tmp --ro-bind /srv/pkg /pkg"), line);
        assertTrue(line.endsWith("--chdir /job --remount-ro / /usr/bin/true"), line);
    }
}
