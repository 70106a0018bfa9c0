package io.envhub.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Installs Keycloak from the distribution zip that the build resolved from Maven Central and runs it in dev mode
 * on 127.0.0.1 with the {@code envhub} realm imported.
 */
public final class KeycloakLauncher {
    /** The realm every EnvHub token comes from. */
    public static final String REALM = "envhub";
    private static final String JAVA25 = "/usr/lib/jvm/temurin-25-jdk-amd64";

    private KeycloakLauncher() {
    }

    /** The Keycloak version this build was made with. */
    public static String version() {
        return stackProperties().getProperty("keycloak.version");
    }

    /**
     * Installs Keycloak under {@code root} unless it is there already; returns the Keycloak home. A home that was
     * built before on this machine ({@link KeycloakBuildCache}) is copied, else the distribution zip is unpacked.
     */
    public static Path install(Path root) throws IOException {
        String dir = "keycloak-" + version();
        Path home = root.resolve(dir);
        if (Files.isExecutable(home.resolve("bin/kc.sh"))) {
            return home;
        }
        Files.createDirectories(root);
        Path staging = Files.createTempDirectory(root, ".unpack");
        Path built = KeycloakBuildCache.builtHome(KeycloakBuildCache.root(), version());
        if (built != null) {
            KeycloakBuildCache.copyWithoutData(built, staging.resolve(dir));
        } else {
            Path zip = Path.of(stackProperties().getProperty("keycloak.zip"));
            if (!Files.exists(zip)) {
                deleteTree(staging);
                throw new IOException("Keycloak distribution not found at " + zip + " (run ./mvnw package once to fetch it)");
            }
            unzip(zip, staging);
        }
        Files.move(staging.resolve(dir), home, StandardCopyOption.ATOMIC_MOVE);
        deleteTree(staging);
        return home;
    }

    /**
     * Keeps the build of a home whose Keycloak has just become ready, for the fresh homes of later stacks and test
     * builds on this machine (once per version; see {@link KeycloakBuildCache}).
     */
    public static void keepBuild(Path home) {
        KeycloakBuildCache.keep(KeycloakBuildCache.root(), home, version());
    }

    /**
     * Starts Keycloak detached.
     *
     * @param freshData wipe Keycloak's own database first so that the realm file is imported anew
     * @return the pid of the started process group
     */
    public static long start(Path home, int port, Path realmFile, Path log, Path pidFile, boolean freshData)
            throws IOException {
        return start(home, port, realmFile, log, pidFile, freshData, List.of());
    }

    /**
     * Starts Keycloak detached, with server options added to the command line.
     *
     * @param freshData wipe Keycloak's own database first so that the realm file is imported anew
     * @param options   further {@code --name=value} server options
     * @return the pid of the started process group
     */
    public static long start(Path home, int port, Path realmFile, Path log, Path pidFile, boolean freshData,
            List<String> options) throws IOException {
        Path imports = home.resolve("data/import");
        Files.createDirectories(imports);
        Files.copy(realmFile, imports.resolve(REALM + "-realm.json"), StandardCopyOption.REPLACE_EXISTING);
        if (freshData) {
            deleteTree(home.resolve("data/h2"));
        }
        Map<String, String> env = new HashMap<>();
        if (Files.isDirectory(Path.of(JAVA25))) {
            env.put("JAVA_HOME", JAVA25);
        }
        env.put("JAVA_OPTS_KC_HEAP", "-Xms64m -Xmx768m");
        env.put("KC_BOOTSTRAP_ADMIN_USERNAME", env(System.getenv("ENVHUB_KEYCLOAK_ADMIN"), "admin"));
        env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", env(System.getenv("ENVHUB_KEYCLOAK_ADMIN_PASSWORD"), "admin"));
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/kc.sh").toString(), "start-dev",
                "--http-host=127.0.0.1", "--http-port=" + port, "--http-management-port=" + (port + 1),
                "--hostname-strict=false", "--import-realm"));
        command.addAll(options);
        return Processes.startDetached(command, env, home, log, pidFile);
    }

    /** The realm's OpenID discovery URL on a local port. */
    public static String discoveryUrl(int port) {
        return realmUrl(port) + "/.well-known/openid-configuration";
    }

    /** The realm's base URL on a local port. */
    public static String realmUrl(int port) {
        return "http://127.0.0.1:" + port + "/realms/" + REALM;
    }

    /** Waits until the realm answers, or the process dies, or the timeout passes. */
    public static boolean awaitReady(int port, long pid, Duration timeout) throws InterruptedException {
        return Http.awaitOk(discoveryUrl(port), timeout, () -> Processes.isAlive(pid));
    }

    private static String env(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }

    private static Properties stackProperties() {
        Properties props = new Properties();
        try (InputStream in = KeycloakLauncher.class.getResourceAsStream("stack.properties")) {
            props.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return props;
    }

    private static void unzip(Path zip, Path target) throws IOException {
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            ZipEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                Path out = target.resolve(entry.getName()).normalize();
                if (!out.startsWith(target)) {
                    throw new IOException("unsafe entry in Keycloak zip: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                } else {
                    Files.createDirectories(out.getParent());
                    Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                    if (out.getFileName().toString().endsWith(".sh")) {
                        out.toFile().setExecutable(true);
                    }
                }
            }
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
