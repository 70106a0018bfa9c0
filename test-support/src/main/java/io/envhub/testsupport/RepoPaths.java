package io.envhub.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds files of this repository from a test's working directory (a module directory). */
public final class RepoPaths {
    private RepoPaths() {
    }

    /** The repository root: the nearest parent directory that holds {@code envhub-stack}. */
    public static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.exists(dir.resolve("envhub-stack")) && Files.exists(dir.resolve("pom.xml"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("cannot find the repository root above " + Path.of("").toAbsolutePath());
    }

    /** The Keycloak realm file every component uses. */
    public static Path realmFile() {
        return root().resolve("deploy/keycloak/envhub-realm.json");
    }
}
