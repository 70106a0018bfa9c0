package io.envhub.testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real PgBouncer (Debian's {@code pgbouncer}, {@code /usr/sbin/pgbouncer}) in transaction mode in front of a
 * PostgreSQL server, on a free port, with a small server pool so that many client connections share few server
 * connections (what a deployment in front of a busy primary does). It refuses to run as root, so as root it drops to
 * {@code nobody}; its files live in a fresh directory removed by {@link #close()}.
 */
public final class PgBouncerProcess implements AutoCloseable {
    /** Debian's binary. */
    public static final Path BINARY = Path.of("/usr/sbin/pgbouncer");

    private final Path dir;
    private final Process process;
    private final int port;

    private PgBouncerProcess(Path dir, Process process, int port) {
        this.dir = dir;
        this.process = process;
        this.port = port;
    }

    /** Whether Debian's pgbouncer is installed. */
    public static boolean available() {
        return Files.isExecutable(BINARY);
    }

    /**
     * Starts PgBouncer in transaction mode for every database of the server (trust authentication for {@code user}).
     *
     * @param serverHost PostgreSQL's host
     * @param serverPort PostgreSQL's port
     * @param user the database user (also PgBouncer's admin user)
     * @param poolSize server connections per database and user
     * @return the running PgBouncer, ready for connections
     */
    public static PgBouncerProcess start(String serverHost, int serverPort, String user, int poolSize) {
        try {
            Path dir = Files.createTempDirectory("envhub-pgbouncer-");
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
            int port = freePort();
            Files.writeString(dir.resolve("users.txt"), "\"" + user + "\" \"\"\n");
            Files.writeString(dir.resolve("pgbouncer.ini"), """
                    [databases]
                    * = host=%s port=%d
                    [pgbouncer]
                    listen_addr = 127.0.0.1
                    listen_port = %d
                    unix_socket_dir =
                    auth_type = trust
                    auth_file = %s
                    admin_users = %s
                    pool_mode = transaction
                    default_pool_size = %d
                    max_client_conn = 200
                    ignore_startup_parameters = extra_float_digits,options
                    logfile = %s
                    """.formatted(serverHost, serverPort, port, dir.resolve("users.txt"), user, poolSize,
                    dir.resolve("pgbouncer.log")));
            for (String f : new String[] {"users.txt", "pgbouncer.ini"}) {
                Files.setPosixFilePermissions(dir.resolve(f), PosixFilePermissions.fromString("rw-r--r--"));
            }
            ProcessBuilder pb = new ProcessBuilder(BINARY.toString());
            if ("root".equals(System.getProperty("user.name"))) {
                pb.command().addAll(List.of("-u", "nobody"));
            }
            pb.command().add(dir.resolve("pgbouncer.ini").toString());
            pb.redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile());
            Process p = pb.start();
            PgBouncerProcess bouncer = new PgBouncerProcess(dir, p, port);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline) {
                if (!p.isAlive()) {
                    String log = Files.exists(dir.resolve("pgbouncer.log")) ? Files.readString(dir.resolve("pgbouncer.log")) : "";
                    throw new IllegalStateException("pgbouncer exited: " + Files.readString(dir.resolve("stdout.log")) + log);
                }
                try (Socket s = new Socket("127.0.0.1", port)) {
                    return bouncer;
                } catch (IOException notYet) {
                    pause();
                }
            }
            bouncer.close();
            throw new IllegalStateException("pgbouncer did not listen on " + port + " within 20 s");
        } catch (IOException e) {
            throw new IllegalStateException("cannot start pgbouncer: " + e.getMessage(), e);
        }
    }

    /** Its port. */
    public int port() {
        return port;
    }

    /**
     * A JDBC URL of a database through this PgBouncer. PgBouncer before 1.21 keeps no prepared statements across the
     * server connections a transaction-mode client is given, so the driver is told never to name one
     * ({@code prepareThreshold=0}); with 1.21+ and {@code max_prepared_statements} set, that is not needed.
     *
     * @param database the database
     * @return {@code jdbc:postgresql://127.0.0.1:<port>/<database>?prepareThreshold=0}
     */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?prepareThreshold=0";
    }

    /**
     * One row per database of {@code SHOW STATS} (PgBouncer's admin console, asked with {@code psql}: the admin
     * console refuses the session settings a JDBC driver sends), columns by name.
     *
     * @param user the admin user
     * @return database name to its statistics
     */
    public Map<String, Map<String, Long>> stats(String user) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        try {
            Process p = new ProcessBuilder("psql", "-h", "127.0.0.1", "-p", Integer.toString(port), "-U", user, "-d",
                    "pgbouncer", "--csv", "-c", "SHOW STATS").redirectErrorStream(true).start();
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("SHOW STATS failed: " + lines);
            }
            String[] header = lines.get(0).split(",");
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split(",");
                Map<String, Long> row = new LinkedHashMap<>();
                for (int i = 1; i < header.length; i++) {
                    row.put(header[i], Long.parseLong(cells[i]));
                }
                out.put(cells[0], row);
            }
        } catch (IOException e) {
            throw new IllegalStateException("SHOW STATS failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** PgBouncer's own log (for a failing test's message). */
    public String log() {
        try {
            return Files.readString(dir.resolve("pgbouncer.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir left behind
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
