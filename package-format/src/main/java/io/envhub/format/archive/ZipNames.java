package io.envhub.format.archive;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** Entry-name decoding, path safety rules and collision detection. */
final class ZipNames {

    private final Map<String, String> exact = new HashMap<>();
    private final Map<String, String> folded = new HashMap<>();
    private final Map<String, String> files = new HashMap<>();
    private final Map<String, String> directories = new HashMap<>();

    /**
     * Decodes a raw name: strict UTF-8 when general-purpose bit 11 is set, otherwise ASCII only.
     */
    static String decode(byte[] raw, boolean utf8Flag, String position) {
        boolean ascii = true;
        for (byte b : raw) {
            if (b < 0) {
                ascii = false;
                break;
            }
        }
        if (!ascii && !utf8Flag) {
            throw new ArchiveException(ArchiveException.BAD_NAME, null,
                    position + " has a non-ASCII name without the UTF-8 flag");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            throw new ArchiveException(ArchiveException.BAD_NAME, null, position + " has a name that is not valid UTF-8", e);
        }
    }

    /** Renders raw name bytes for messages, replacing undecodable bytes. */
    static String describeRaw(byte[] raw) {
        return "'" + new String(raw, StandardCharsets.UTF_8) + "'";
    }

    /** Refuses names that could escape the extraction directory or are otherwise unusable. */
    static void checkPath(String name) {
        if (name.isEmpty()) {
            throw new ArchiveException(ArchiveException.BAD_NAME, name, "empty name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new ArchiveException(ArchiveException.BAD_NAME, name,
                        String.format("control character U+%04X in name", (int) c));
            }
        }
        if (name.indexOf('\\') >= 0) {
            throw new ArchiveException(ArchiveException.PATH_TRAVERSAL, name, "backslash in name");
        }
        if (name.startsWith("/")) {
            throw new ArchiveException(ArchiveException.PATH_TRAVERSAL, name, "absolute path");
        }
        if (name.length() >= 2 && name.charAt(1) == ':' && isAsciiLetter(name.charAt(0))) {
            throw new ArchiveException(ArchiveException.PATH_TRAVERSAL, name, "drive letter in name");
        }
        String path = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        for (String segment : path.split("/", -1)) {
            if (segment.equals("..")) {
                throw new ArchiveException(ArchiveException.PATH_TRAVERSAL, name, "'..' segment in path");
            }
            if (segment.isEmpty() || segment.equals(".")) {
                throw new ArchiveException(ArchiveException.BAD_NAME, name, "empty or '.' segment in path");
            }
        }
    }

    /**
     * Registers a name and refuses exact duplicates, names equal after Unicode normalization and case folding,
     * and a path used both as a file and as a directory.
     */
    void add(String name) {
        String previous = exact.putIfAbsent(name, name);
        if (previous != null) {
            throw new ArchiveException(ArchiveException.DUPLICATE, name, "duplicate entry name");
        }
        boolean directory = name.endsWith("/");
        String path = directory ? name.substring(0, name.length() - 1) : name;
        String key = fold(path);
        String clash = folded.putIfAbsent(key + (directory ? "/" : ""), name);
        if (clash != null) {
            throw new ArchiveException(ArchiveException.DUPLICATE, name, "collides with '" + clash + "' (case or Unicode form)");
        }
        if (directory) {
            addDirectory(key, name);
        } else {
            if (directories.containsKey(key)) {
                throw new ArchiveException(ArchiveException.DUPLICATE, name,
                        "is a file but '" + directories.get(key) + "' uses it as a directory");
            }
            files.put(key, name);
        }
        int slash = key.lastIndexOf('/');
        while (slash > 0) {
            addDirectory(key.substring(0, slash), name);
            slash = key.lastIndexOf('/', slash - 1);
        }
    }

    private void addDirectory(String key, String name) {
        if (files.containsKey(key)) {
            throw new ArchiveException(ArchiveException.DUPLICATE, name,
                    "uses '" + files.get(key) + "' as a directory but it is a file");
        }
        directories.putIfAbsent(key, name);
    }

    private static String fold(String path) {
        return Normalizer.normalize(path, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }
}
