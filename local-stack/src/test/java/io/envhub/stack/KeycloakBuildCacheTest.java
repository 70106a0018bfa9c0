package io.envhub.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeycloakBuildCacheTest {
    @TempDir
    Path tmp;

    /** A Keycloak home as a start leaves it: scripts, jars, the build's output, and a database under data/. */
    private Path home(String name, boolean built) throws IOException {
        Path home = tmp.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/kc.sh"), "#!/bin/sh\n");
        home.resolve("bin/kc.sh").toFile().setExecutable(true);
        Files.createDirectories(home.resolve("lib/quarkus"));
        if (built) {
            Files.writeString(home.resolve("lib/quarkus/quarkus-application.dat"), "built");
        }
        Files.createDirectories(home.resolve("data/h2"));
        Files.writeString(home.resolve("data/h2/keycloakdb.mv.db"), "users and sessions");
        Files.createDirectories(home.resolve("data/import"));
        Files.writeString(home.resolve("data/import/envhub-realm.json"), "{}");
        return home;
    }

    @Test
    void aBuiltHomeIsKeptWithoutItsDataAndCopiedWhole() throws IOException {
        Path cache = tmp.resolve("cache");
        assertNull(KeycloakBuildCache.builtHome(cache, "26.7.3"));

        KeycloakBuildCache.keep(cache, home("first", true), "26.7.3");

        Path kept = KeycloakBuildCache.builtHome(cache, "26.7.3");
        assertEquals(cache.resolve("keycloak-26.7.3"), kept);
        assertEquals("built", Files.readString(kept.resolve("lib/quarkus/quarkus-application.dat")));
        assertFalse(Files.exists(kept.resolve("data")), "a kept home carries no database and no realm import");
        assertTrue(Files.isExecutable(kept.resolve("bin/kc.sh")));
        try (Stream<Path> left = Files.list(cache)) {
            assertEquals(1, left.count(), "no staging directory is left behind");
        }

        Path copy = tmp.resolve("stack/keycloak-26.7.3");
        KeycloakBuildCache.copyWithoutData(kept, copy);
        assertEquals("built", Files.readString(copy.resolve("lib/quarkus/quarkus-application.dat")));
        assertTrue(Files.isExecutable(copy.resolve("bin/kc.sh")));
    }

    @Test
    void anUnbuiltHomeIsNotKeptAndAKeptBuildIsNotReplaced() throws IOException {
        Path cache = tmp.resolve("cache");
        KeycloakBuildCache.keep(cache, home("unbuilt", false), "26.7.3");
        assertNull(KeycloakBuildCache.builtHome(cache, "26.7.3"), "a home that never started is not a build");

        KeycloakBuildCache.keep(cache, home("first", true), "26.7.3");
        Path other = home("second", true);
        Files.writeString(other.resolve("lib/quarkus/quarkus-application.dat"), "another build");
        KeycloakBuildCache.keep(cache, other, "26.7.3");
        assertEquals("built", Files.readString(cache.resolve("keycloak-26.7.3/lib/quarkus/quarkus-application.dat")));

        KeycloakBuildCache.keep(cache, other, "26.8.0");
        assertEquals("another build", Files.readString(KeycloakBuildCache.builtHome(cache, "26.8.0")
                .resolve("lib/quarkus/quarkus-application.dat")), "each version keeps its own build");
    }
}
