package io.envhub.validator.check;

import static io.envhub.validator.check.EngineFixture.assertCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ValidationReport;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Packages that attack the host: each fails with a message naming the cause, and the host is unharmed. */
class HostileEnvironmentTest extends SandboxedEngineTest {

    private static ValidationReport failed(String label, ValidationEngine engine, Fixtures fixture) {
        ValidationReport r = EngineFixture.validate(engine, fixture.write(fx.wheels), label);
        assertEquals(ValidationReport.FAILED, r.status(), () -> ReportJson.write(r));
        return r;
    }

    @Test
    void infiniteLoopIsKilledAtTheCpuLimit() {
        ValidationReport r = failed("infinite-loop", fx.engine(), Fixtures.simple("spin-env", "while True:\n    pass\n"));
        assertCheck(r, "runtime.load_environment", CheckStatus.FAIL, "killed: CPU time limit of 3 s exceeded (during load_environment)");
    }

    @Test
    void sleepingForeverIsKilledAtTheWallClock() {
        ValidationEngine engine = fx.engine(fx.settings().withLimits(EngineFixture.LIMITS.withTime(3, 8)));
        long t0 = System.nanoTime();
        ValidationReport r = failed("sleep-forever", engine, Fixtures.simple("sleep-env", "import time\ntime.sleep(3600)\n"));
        assertCheck(r, "runtime.load_environment", CheckStatus.FAIL, "killed: wall-clock limit of 8 s exceeded (during load_environment)");
        assertTrue(System.nanoTime() - t0 < 120_000_000_000L, "took too long");
    }

    @Test
    void forkBombHitsTheProcessLimit() {
        ValidationReport r = failed("fork-bomb", fx.engine(), Fixtures.simple("fork-env", "while True:\n    os.fork()\n"));
        CheckResult c = EngineFixture.check(r, "runtime.load_environment");
        assertEquals(CheckStatus.FAIL, c.checkStatus(), c.message());
        assertTrue(c.message().contains("BlockingIOError") && c.message().contains("limit of 64 processes was reached")
                || c.message().startsWith("killed"), c.message());
    }

    @Test
    void memoryBombHitsTheMemoryLimit() {
        ValidationReport r = failed("memory-bomb", fx.engine(), Fixtures.simple("memory-env", """
                blocks = []
                while True:
                    blocks.append(bytearray(32 * 1024 * 1024))
                """));
        assertCheck(r, "runtime.load_environment", CheckStatus.FAIL, "load_environment() raised MemoryError (memory limit of 512 MiB");
    }

    @Test
    void networkIsUnreachable() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            server.setSoTimeout(200);
            AtomicInteger accepted = new AtomicInteger();
            Thread acceptor = new Thread(() -> acceptAll(server, accepted));
            acceptor.start();
            ValidationReport r = EngineFixture.validate(fx.engine(), Fixtures.simple("net-env", """
                    import socket
                    try:
                        socket.create_connection(("1.1.1.1", 80), timeout=3)
                    except OSError as e:
                        print("outside:", e)
                    socket.create_connection(("127.0.0.1", %d), timeout=3)
                    """.formatted(server.getLocalPort())).write(fx.wheels), "network");
            // needing the network is "static checks only" with the host named, not a failure of the package
            assertEquals(ValidationReport.VALIDATED, r.status(), () -> ReportJson.write(r));
            assertEquals("needs network access to 127.0.0.1", r.skipReason());
            assertCheck(r, "runtime.load_environment", CheckStatus.SKIP,
                    "load_environment() raised ConnectionRefusedError: [Errno 111] Connection refused (the sandbox has no network)");
            assertTrue(r.log().contains("outside: [Errno 101] Network is unreachable"), r.log());
            acceptor.interrupt();
            acceptor.join(5000);
            assertEquals(0, accepted.get(), "the host's listening socket was reached from the sandbox");
        }
    }

    @Test
    void writingOutsideTheJobDirectoryFails() throws IOException {
        Path outside = Files.createDirectories(fx.root.resolve("outside-" + UUID.randomUUID()));
        String usrTarget = "/usr/lib/python3/dist-packages/envhub_pwned_" + UUID.randomUUID().toString().replace("-", "") + ".pth";
        ValidationReport r = failed("write-outside", fx.engine(), Fixtures.simple("write-env", """
                os.makedirs(%1$s, exist_ok=True)
                with open(os.path.join(%1$s, "pwned.txt"), "w") as f:
                    f.write("only the sandbox's tmpfs sees this")
                for target in ["/venv/lib/python3.11/site-packages/pwned.pth", "/pwned.txt"]:
                    try:
                        open(target, "w").write("x")
                    except OSError as e:
                        print("refused:", e)
                open(%2$s, "w").write("import os")
                """.formatted(py(outside.toString()), py(usrTarget))));
        assertCheck(r, "runtime.load_environment", CheckStatus.FAIL,
                "load_environment() raised OSError: [Errno 30] Read-only file system: '" + usrTarget
                        + "' (everything outside the job directory is read-only in the sandbox)");
        assertTrue(r.log().contains("refused: [Errno 30] Read-only file system: '/venv/lib/python3.11/site-packages/pwned.pth'"),
                r.log());
        assertFalse(Files.exists(outside.resolve("pwned.txt")), "a file appeared on the host");
        assertFalse(Files.exists(Path.of(usrTarget)), "a file appeared in /usr on the host");
        assertFalse(Files.exists(Path.of("/pwned.txt")), "a file appeared in / on the host");
    }

    @Test
    void secretsOfTheHostAreNotReadable() throws IOException {
        String secret = "SECRET-" + UUID.randomUUID();
        Path config = Files.createDirectories(fx.root.resolve("validator-config")).resolve("application.properties");
        Files.writeString(config, "quarkus.oidc-client.credentials.secret=" + secret + "\n");
        Path ownConfig = Path.of("target/classes/application.properties").toAbsolutePath();
        ValidationReport r = failed("read-secrets", fx.engine(), Fixtures.simple("snoop-env", """
                for path in [%s, %s, "/proc/1/environ", "/root/.bash_history"]:
                    try:
                        print("read:", open(path).read())
                    except OSError as e:
                        print("refused:", e)
                print("environ:", dict(os.environ))
                print("shadow:", open("/etc/shadow").read())
                """.formatted(py(config.toString()), py(ownConfig.toString()))));
        assertCheck(r, "runtime.load_environment", CheckStatus.FAIL,
                "load_environment() raised FileNotFoundError: [Errno 2] No such file or directory: '/etc/shadow'");
        String json = ReportJson.write(r);
        assertFalse(json.contains(secret), "the validator's secret leaked into the report");
        assertFalse(json.contains("dev-validator-secret"), "the validator's own configuration leaked into the report");
        String shadowRoot = Files.readAllLines(Path.of("/etc/shadow")).get(0);
        assertFalse(json.contains(shadowRoot), "/etc/shadow leaked into the report");
        assertTrue(r.log().contains("'HOME': '/job'"), r.log());
        assertFalse(r.log().contains("/root/.pyenv"), "the validator's environment leaked: " + r.log());
    }

    private static String py(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static void acceptAll(ServerSocket server, AtomicInteger accepted) {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                server.accept().close();
                accepted.incrementAndGet();
            } catch (SocketTimeoutException e) {
                continue;
            } catch (IOException e) {
                return;
            }
        }
    }
}
