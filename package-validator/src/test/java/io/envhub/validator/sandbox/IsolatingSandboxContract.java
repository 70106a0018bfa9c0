package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a {@link Sandbox} that isolates untrusted code promises on top of {@link SandboxContract}: it never runs as
 * root, sees only what was mounted, writes only to its job directory (size-capped) and writable mounts, has no
 * network, and leaves no process of the sandbox uid behind.
 */
public abstract class IsolatingSandboxContract extends SandboxContract {

    @AfterEach
    void nothingOfTheSandboxUidLeftRunning() {
        if (isRoot()) {
            BubblewrapAssumption.assertNoSandboxProcesses();
        }
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
        assertEquals(List.of("refused /data/x 30", "refused /usr/x 30", "refused /x 30", "refused /out/../x 30"),
                r.stdout().lines().toList());
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
                for path in [%s, "/etc/passwd", "/root", "/home"]:
                    print(path, os.path.exists(path))
                """.formatted("'" + secret + "'"));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(List.of(secret + " False", "/etc/passwd False", "/root False", "/home False"), r.stdout().lines().toList());
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
