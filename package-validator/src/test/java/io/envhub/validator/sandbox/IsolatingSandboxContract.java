package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a {@link Sandbox} that isolates untrusted code promises on top of {@link SandboxContract}, the hostile kinds
 * included: it never runs as root, sees only what was mounted (no {@code /etc/shadow}), writes only to its job
 * directory (size-capped) and writable mounts, has no network, stops a fork bomb at the process limit and a memory
 * bomb at the memory limit, and leaves no process of the sandbox uid behind. One subclass per backend
 * ({@link BubblewrapSandboxTest}, {@link GvisorSandboxTest}).
 */
public abstract class IsolatingSandboxContract extends SandboxContract {

    @AfterEach
    void nothingOfTheSandboxUidLeftRunning() {
        if (isRoot()) {
            BubblewrapAssumption.assertNoSandboxProcesses();
        }
    }

    @Test
    void aStartedProcessTalksOverItsStandardStreamsIsolatedAndDiesWithItsTree() throws Exception {
        Process p = sandbox.start(new SandboxSpec(List.of("/usr/bin/python3", "-I", "-u", "-c", """
                import os, socket, sys
                for line in sys.stdin:
                    try:
                        socket.create_connection(("1.1.1.1", 53), timeout=2)
                        net = "network"
                    except OSError:
                        net = "no-network"
                    print(line.strip(), os.getuid(), os.path.exists("/etc/shadow"), net, flush=True)
                """), List.of(), java.util.Map.of(), null, LIMITS));
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
                var out = new java.io.PrintWriter(p.getOutputStream(), true)) {
            out.println("ping");
            String answer = in.readLine();
            assertTrue(answer != null && answer.startsWith("ping "), "answer: " + answer);
            String[] parts = answer.split(" ");
            assertNotEquals("0", parts[1], "uid");
            assertEquals("False", parts[2], "sees /etc/shadow");
            assertEquals("no-network", parts[3]);
            out.println("again");
            assertTrue(in.readLine().startsWith("again "), "a second line on the same process");
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
        }
        assertFalse(p.isAlive());
    }

    @Test
    void neverRunsAsRoot() {
        SandboxResult r = python(LIMITS, List.of(), "import os\nprint(os.getuid(), os.getgid())\n");
        assertEquals(0, r.exitCode(), r.stderr());
        String[] ids = r.stdout().strip().split(" ");
        assertNotEquals("0", ids[0], "uid");
        assertNotEquals("0", ids[1], "gid");
        if (isRoot()) {
            assertEquals(BubblewrapAssumption.UID + " " + BubblewrapAssumption.UID, r.stdout().strip());
        }
    }

    @Test
    void writesOnlyToTheJobDirectoryAndWritableMounts() throws Exception {
        Path ro = readableDir("ro", "data.txt", "visible");
        Path rw = writableDir("rw");
        SandboxResult r = python(LIMITS, List.of(Mount.readOnly(ro, "/data"), Mount.writable(rw, "/out")), """
                open("/out/ok.txt", "w").write("ok")
                open("/job/ok.txt", "w").write("ok")
                for target in ["/data/x", "/usr/x", "/x", "/out/../x"]:
                    try:
                        open(target, "w")
                        print("wrote", target)
                    except OSError as e:
                        print("refused", target, e.errno)
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        // EROFS under bubblewrap; gVisor checks a root-owned directory's permission before the read-only mount (EACCES)
        assertEquals(List.of("refused /data/x", "refused /usr/x", "refused /x", "refused /out/../x"),
                r.stdout().lines().map(l -> l.replaceFirst(" (13|30)$", "")).toList());
        assertFalse(Files.exists(ro.resolve("x")));
        assertEquals("ok", Files.readString(rw.resolve("ok.txt")));
    }

    @Test
    void theJobDirectoryIsCappedInSize() {
        SandboxLimits roomyFiles = new SandboxLimits(LIMITS.memoryBytes(), LIMITS.cpuSeconds(), LIMITS.wallSeconds(),
                LIMITS.processes(), 16L << 20, LIMITS.openFiles(), LIMITS.outputCapBytes(), 4L << 20, LIMITS.uid());
        SandboxResult r = python(roomyFiles, List.of(), """
                try:
                    open("/job/big", "wb").write(b"0" * (3 << 20))
                    open("/job/big2", "wb").write(b"0" * (3 << 20))
                    print("written")
                except OSError as e:
                    print("capped", e.errno)
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("capped 28", r.stdout().strip(), "ENOSPC");
    }

    @Test
    void seesNoHostFileThatWasNotMounted() throws Exception {
        Path secret = readableDir("secret", "token.txt", "host secret").resolve("token.txt");
        SandboxResult r = python(LIMITS, List.of(), """
                import os
                for path in [%s, "/etc/passwd", "/etc/shadow", "/proc/1/root/etc/shadow", "/root", "/home"]:
                    print(path, os.path.exists(path))
                try:
                    print(open("/etc/shadow").read())
                except OSError as e:
                    print("shadow refused", e.errno)
                """.formatted("'" + secret + "'"));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(List.of(secret + " False", "/etc/passwd False", "/etc/shadow False", "/proc/1/root/etc/shadow False",
                "/root False", "/home False", "shadow refused 2"), r.stdout().lines().toList());
    }

    @Test
    void forkBombStopsAtTheProcessLimit() {
        SandboxResult r = python(LIMITS.withTime(5, 30), List.of(), """
                import os, time
                children = 0
                try:
                    for _ in range(1000):
                        if os.fork() == 0:
                            time.sleep(3)
                            os._exit(0)
                        children += 1
                    print("forked", children)
                except OSError as e:
                    print("refused", e.errno, children < %d)
                """.formatted(LIMITS.processes()));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("refused 11 True", r.stdout().strip(), "EAGAIN before the limit of " + LIMITS.processes());
    }

    @Test
    void memoryBombStopsAtTheMemoryLimit() {
        SandboxResult r = python(LIMITS, List.of(), """
                blocks = []
                try:
                    while True:
                        blocks.append(bytearray(16 << 20))
                except MemoryError:
                    print("refused at", len(blocks) * 16, "MiB")
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        int mib = Integer.parseInt(r.stdout().strip().replaceAll("\\D+", " ").trim().split(" ")[0]);
        assertTrue(mib > 64 && mib < (LIMITS.memoryBytes() >> 20), r.stdout());
    }

    @Test
    void hasNoNetwork() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            server.configureBlocking(false);
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            SandboxResult r = python(LIMITS, List.of(), """
                    import socket
                    print(sorted(name for _, name in socket.if_nameindex()))
                    try:
                        socket.create_connection(("127.0.0.1", %d), timeout=5)
                        print("connected")
                    except OSError as e:
                        print("refused")
                    """.formatted(port));
            assertEquals(0, r.exitCode(), r.stderr());
            assertEquals(List.of("['lo']", "refused"), r.stdout().lines().toList());
            assertNull(server.accept(), "the host's socket was reached from the sandbox");
        }
    }
}
