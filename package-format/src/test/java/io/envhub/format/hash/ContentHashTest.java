package io.envhub.format.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentHashTest {

    @Test
    void directoryHashIsOrderIndependentAndMatchesInMemory(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("pkg"));
        Files.writeString(dir.resolve("pyproject.toml"), "[project]\n");
        Files.writeString(dir.resolve("pkg/__init__.py"), "x = 1\n");
        Files.writeString(dir.resolve("pkg/data.bin"), "");
        List<String> paths = List.of("pyproject.toml", "pkg/__init__.py", "pkg/data.bin");
        String a = ContentHash.ofDirectory(dir, paths);
        String b = ContentHash.ofDirectory(dir, List.of("pkg/data.bin", "pyproject.toml", "pkg/__init__.py"));
        assertEquals(a, b);
        assertEquals(64, a.length());
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("pyproject.toml", bytes("[project]\n"));
        files.put("pkg/__init__.py", bytes("x = 1\n"));
        files.put("pkg/data.bin", new byte[0]);
        assertEquals(a, ContentHash.ofBytes(files));
        Files.writeString(dir.resolve("pkg/data.bin"), "changed");
        assertNotEquals(a, ContentHash.ofDirectory(dir, paths));
    }

    @Test
    void framingIsUnambiguous() {
        assertNotEquals(ContentHash.ofBytes(Map.of("ab", bytes("c"))), ContentHash.ofBytes(Map.of("a", bytes("bc"))));
        assertNotEquals(ContentHash.ofBytes(Map.of("a", bytes(""), "b", bytes("x"))),
                ContentHash.ofBytes(Map.of("a", bytes("x"), "b", bytes(""))));
        assertNotEquals(ContentHash.ofBytes(Map.of()), ContentHash.ofBytes(Map.of("a", bytes(""))));
        assertNotEquals(ContentHash.ofBytes(Map.of("a/b", bytes("x"))), ContentHash.ofBytes(Map.of("a-b", bytes("x"))));
    }

    @Test
    void knownValueIsStable() {
        // Pinned so that any change of the framing is noticed: stored hashes depend on it.
        assertEquals(expectedHash(), ContentHash.ofBytes(Map.of("a.txt", bytes("hello"))));
    }

    @Test
    void sortedHelperRefusesUnsortedDuplicateOrUnsafePaths() {
        ContentHash.ContentSource empty = p -> new ByteArrayInputStream(new byte[0]);
        assertThrows(IllegalArgumentException.class, () -> ContentHash.ofSorted(List.of("b", "a"), empty));
        assertThrows(IllegalArgumentException.class, () -> ContentHash.ofSorted(List.of("a", "a"), empty));
        for (String bad : new String[] {"", "/abs", "a/../b", "./a", "a\\b", "a//b", "dir/"}) {
            assertThrows(IllegalArgumentException.class, () -> ContentHash.ofSorted(List.of(bad), empty), bad);
        }
    }

    @Test
    void pathOrderIsByUtf8Bytes() {
        List<String> paths = new ArrayList<>(List.of("b", "B", "a/b", "a-b", "\uFB01", "\uD83D\uDE00", "a"));
        paths.sort(ContentHash.PATH_ORDER);
        assertEquals(List.of("B", "a", "a-b", "a/b", "b", "\uFB01", "\uD83D\uDE00"), paths);
    }

    @Test
    void recordHashEncoding() {
        assertEquals("sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU", Sha256.recordHash(new byte[0]));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256.hex(Sha256.digest(new byte[0])));
    }

    private static String expectedHash() {
        var d = Sha256.newDigest();
        d.update("envhub-content-hash-v1\0".getBytes(StandardCharsets.US_ASCII));
        d.update(new byte[] {0, 0, 0, 0, 0, 0, 0, 1});
        d.update(new byte[] {0, 0, 0, 0, 0, 0, 0, 5});
        d.update(bytes("a.txt"));
        d.update(new byte[] {0, 0, 0, 0, 0, 0, 0, 5});
        d.update(Sha256.digest(bytes("hello")));
        return Sha256.hex(d.digest());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
