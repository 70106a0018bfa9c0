package io.envhub.stack;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The stack's infrastructure process: PostgreSQL (the running one, or embedded with its data in the stack dir) and
 * S3Proxy with its filesystem backend in the stack dir. Writes a ready file once both answer; stops both on TERM.
 */
final class InfraDaemon {
    static final String READY_FILE = "infra.ready";

    private InfraDaemon() {
    }

    static int run(StackConfig config) throws Exception {
        Path ready = config.pids().resolve(READY_FILE);
        Files.deleteIfExists(ready);
        int dbPort = java.net.URI.create(config.get("ENVHUB_DB_URL").substring(5)).getPort();
        PostgresLauncher pg = PostgresLauncher.ensure(config.get("ENVHUB_DB_URL"), config.get("ENVHUB_DB_USER"),
                config.get("ENVHUB_DB_PASSWORD"), config.dataDir().resolve("postgres"), dbPort > 0 ? dbPort : 5432);
        pg.createDatabaseIfMissing(config.databaseName());
        S3ProxyLauncher s3 = S3ProxyLauncher.start(config.dataDir().resolve("s3"), config.s3Port(),
                config.get("ENVHUB_S3_ACCESS_KEY"), config.get("ENVHUB_S3_SECRET_KEY"), config.get("ENVHUB_S3_BUCKET"));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                s3.close();
                pg.close();
            } catch (Exception e) {
                System.err.println("infra: error while stopping: " + e);
            } finally {
                stopped.countDown();
            }
        }));
        String summary = "postgres=" + (pg.isEmbedded() ? "embedded" : "existing") + " " + pg.jdbcUrl(config.databaseName())
                + System.lineSeparator() + "s3=" + s3.endpoint() + System.lineSeparator();
        Files.createDirectories(ready.getParent());
        Files.writeString(ready, summary, StandardCharsets.UTF_8);
        System.out.println("infra ready: " + summary.replace(System.lineSeparator(), "; "));
        stopped.await();
        return 0;
    }
}
