package io.envhub.stack;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * Keycloak's first start in a fresh home builds (augments) itself: 20-30 s on a quiet 2-core machine, minutes under
 * load, and every fresh stack dir and every test build paid it again. A home whose Keycloak has started once is kept
 * here, per version, without its {@code data/} directory ({@code ENVHUB_KEYCLOAK_BUILD_CACHE}, default
 * {@code ~/.cache/envhub/keycloak-built}); a fresh home is copied from it instead of unpacked from the distribution zip.
 * Keycloak still compares its build options at every start and rebuilds itself when they differ, so a copy made with
 * other options costs the build, never a wrong server.
 */
final class KeycloakBuildCache {
    private static final String DATA = "data";
    /** What Keycloak's build writes; a kept home without it was never built. */
    private static final String BUILD_MARKER = "lib/quarkus/quarkus-application.dat";

    private KeycloakBuildCache() {
    }

    static Path root() {
        String configured = System.getenv("ENVHUB_KEYCLOAK_BUILD_CACHE");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "envhub", "keycloak-built");
    }

    /** The kept built home of {@code version} under {@code root}, or null when none was kept yet. */
    static Path builtHome(Path root, String version) {
        Path home = root.resolve("keycloak-" + version);
        return Files.isRegularFile(home.resolve(BUILD_MARKER)) ? home : null;
    }

    /**
     * Keeps {@code home} (whose Keycloak has just become ready, so its build is complete) unless a built home of the
     * same version is kept already. Copies into a staging directory and renames it, so a concurrent reader sees a
     * whole home or none; a failure only costs the next start its build.
     */
    static void keep(Path root, Path home, String version) {
        if (builtHome(root, version) != null || !Files.isRegularFile(home.resolve(BUILD_MARKER))) {
            return;
        }
        Path target = root.resolve("keycloak-" + version);
        Path staging = null;
        try {
            Files.createDirectories(root);
            staging = Files.createTempDirectory(root, ".keep");
            copyWithoutData(home, staging);
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            staging = null;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            // another start kept the same version first
        } catch (IOException e) {
            System.err.println("envhub-stack: could not keep Keycloak's build for later starts: " + e.getMessage());
        } finally {
            if (staging != null) {
                try {
                    KeycloakLauncher.deleteTree(staging);
                } catch (IOException ignored) {
                    // a leftover staging dir only takes disk space; the next keep uses a new one
                }
            }
        }
    }

    /** Copies a home tree except its {@code data/} directory (Keycloak's database, imports, tmp). */
    static void copyWithoutData(Path from, Path to) throws IOException {
        Path data = from.resolve(DATA);
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : paths.filter(p -> !p.startsWith(data)).toList()) {
                Path out = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(out);
                } else {
                    Files.copy(p, out, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
