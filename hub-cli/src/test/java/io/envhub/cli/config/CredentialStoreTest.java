package io.envhub.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.context.CliContext;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialStoreTest {
    @TempDir
    Path tmp;

    @Test
    void fileIsPrivateAndPerHub() throws Exception {
        Path dir = tmp.resolve("envhub");
        CredentialStore store = new CredentialStore(dir, new ObjectMapper());
        store.save("http://hub-a", Credentials.personal("envhub_a", "alice"), true);
        store.save("http://hub-b", new Credentials(Credentials.KEYCLOAK, "http://kc", "envhub-cli", "r", "a", 42, null, "bob"), false);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals("envhub_a", store.load("http://hub-a").orElseThrow().personalToken());
        assertEquals("bob", store.load("http://hub-b").orElseThrow().username());
        assertEquals("http://hub-a", store.defaultHub().orElseThrow());
        assertTrue(store.remove("http://hub-a"));
        assertTrue(store.defaultHub().isEmpty());
        assertTrue(Files.exists(store.file()));
        assertTrue(store.remove("http://hub-b"));
        assertFalse(Files.exists(store.file()), "the file goes with the last hub");
        assertFalse(store.remove("http://hub-b"));
    }

    @Test
    void configDirectoryPrecedence() {
        assertEquals(Path.of("/x/override"), ctx(Map.of("ENVHUB_CONFIG_DIR", "/x/override", "XDG_CONFIG_HOME", "/x/xdg")).configDir());
        assertEquals(Path.of("/x/xdg/envhub"), ctx(Map.of("XDG_CONFIG_HOME", "/x/xdg", "HOME", "/x/home")).configDir());
        assertEquals(Path.of("/x/home/.config/envhub"), ctx(Map.of("HOME", "/x/home")).configDir());
    }

    @Test
    void urlsComeFromOptionsThenEnvironmentThenLastLogin() {
        CliContext c = ctx(Map.of("ENVHUB_CONFIG_DIR", tmp.toString()));
        assertEquals(CliContext.DEFAULT_HUB_URL, c.hubUrl());
        assertEquals(CliContext.DEFAULT_KEYCLOAK_URL, c.keycloakUrl());
        c.credentials().save("https://hub.example", new Credentials(Credentials.KEYCLOAK, "https://id.example", "envhub-cli", "r", "a",
                0, null, "alice"), true);
        CliContext after = ctx(Map.of("ENVHUB_CONFIG_DIR", tmp.toString()));
        assertEquals("https://hub.example", after.hubUrl());
        assertEquals("https://id.example", after.keycloakUrl());
        CliContext env = ctx(Map.of("ENVHUB_CONFIG_DIR", tmp.toString(), "ENVHUB_URL", "http://other/",
                "ENVHUB_KEYCLOAK_URL", "http://kc/"));
        assertEquals("http://other", env.hubUrl());
        assertEquals("http://kc", env.keycloakUrl());
    }

    private static CliContext ctx(Map<String, String> env) {
        return new CliContext(env, new PrintStream(PrintStream.nullOutputStream()), new PrintStream(PrintStream.nullOutputStream()),
                new ByteArrayInputStream(new byte[0]), false);
    }
}
