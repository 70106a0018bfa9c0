package io.envhub.registry.diff;

import io.envhub.contract.api.VersionDiff;
import io.envhub.contract.api.VersionDiff.FileChange;
import io.envhub.contract.api.VersionFile;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The files of two wheels compared: by path, a dist-info directory matched whatever version its name carries; equal
 * sha256 means unchanged. Text files (UTF-8, no NUL, at most {@link #MAX_TEXT_BYTES} on each side) get a unified diff;
 * others are summarised with their sizes: {@code binary}, {@code large}, and the wheel's RECORD ({@code generated}: it
 * lists every file's hash, so it changes with any of them). The METADATA file is diffed without its description (its
 * body, the README), which gets an entry of its own, {@code README}.
 */
final class FileDiffs {
    /** Largest file (each side) diffed as text. */
    static final int MAX_TEXT_BYTES = 256 * 1024;
    /** Most lines of one file's unified diff. */
    static final int MAX_DIFF_LINES = 2000;
    /** Most files given a text diff (the others are listed with sizes only). */
    static final int MAX_DIFFED_FILES = 100;
    /** The README's pseudo-path. */
    static final String README = "README";

    private static final Pattern DIST_INFO = Pattern.compile("^[^/]+\\.dist-info/");

    private FileDiffs() {
    }

    /** One side's wheel: its recorded file list, its members, and its METADATA text. */
    record Wheel(List<VersionFile> files, WheelMembers members, String metadataText) {
    }

    static List<FileChange> compare(Wheel from, Wheel to) {
        Map<String, VersionFile> a = byKey(from.files());
        Map<String, VersionFile> b = byKey(to.files());
        List<FileChange> out = new ArrayList<>();
        int diffed = 0;
        for (String key : new TreeSet<>(union(a.keySet(), b.keySet()))) {
            VersionFile fa = a.get(key);
            VersionFile fb = b.get(key);
            if (fa != null && fb != null && Objects.equals(fa.sha256(), fb.sha256())) {
                continue;
            }
            String path = fb != null ? fb.path() : fa.path();
            String change = fa == null ? VersionDiff.ADDED : fb == null ? VersionDiff.REMOVED : VersionDiff.CHANGED;
            Long sizeA = fa == null ? null : fa.size();
            Long sizeB = fb == null ? null : fb.size();
            if (path.endsWith(".dist-info/RECORD")) {
                out.add(new FileChange(path, change, VersionDiff.GENERATED, sizeA, sizeB, 0, 0, null, false));
                continue;
            }
            if (isLarge(sizeA) || isLarge(sizeB) || diffed >= MAX_DIFFED_FILES) {
                out.add(new FileChange(path, change, VersionDiff.LARGE, sizeA, sizeB, 0, 0, null, false));
                continue;
            }
            boolean metadata = path.endsWith(".dist-info/METADATA");
            Optional<String> textA = fa == null ? Optional.of("") : text(from, fa.path(), metadata);
            Optional<String> textB = fb == null ? Optional.of("") : text(to, fb.path(), metadata);
            if (textA.isEmpty() || textB.isEmpty()) {
                out.add(new FileChange(path, change, VersionDiff.BINARY, sizeA, sizeB, 0, 0, null, false));
                continue;
            }
            diffed++;
            if (metadata && textA.get().equals(textB.get())) {
                continue; // only the description differs: the README entry shows it
            }
            TextDiff.Result d = TextDiff.of(path, fa == null ? null : textA.get(), fb == null ? null : textB.get(),
                    MAX_DIFF_LINES);
            out.add(new FileChange(path, change, VersionDiff.TEXT, sizeA, sizeB, d.additions(), d.deletions(), d.unified(),
                    d.truncated()));
        }
        readme(from.metadataText(), to.metadataText()).ifPresent(r -> out.add(0, r));
        return out;
    }

    /** How many files are the same on both sides. */
    static int unchanged(List<VersionFile> from, List<VersionFile> to) {
        Map<String, VersionFile> a = byKey(from);
        int same = 0;
        for (Map.Entry<String, VersionFile> e : byKey(to).entrySet()) {
            VersionFile fa = a.get(e.getKey());
            if (fa != null && Objects.equals(fa.sha256(), e.getValue().sha256())) {
                same++;
            }
        }
        return same;
    }

    private static Optional<FileChange> readme(String metadataA, String metadataB) {
        String a = body(metadataA);
        String b = body(metadataB);
        if (a.equals(b)) {
            return Optional.empty();
        }
        String change = a.isEmpty() ? VersionDiff.ADDED : b.isEmpty() ? VersionDiff.REMOVED : VersionDiff.CHANGED;
        long sizeA = a.getBytes(StandardCharsets.UTF_8).length;
        long sizeB = b.getBytes(StandardCharsets.UTF_8).length;
        TextDiff.Result d = TextDiff.of(README, a.isEmpty() ? null : a, b.isEmpty() ? null : b, MAX_DIFF_LINES);
        return Optional.of(new FileChange(README, change, VersionDiff.TEXT, a.isEmpty() ? null : sizeA,
                b.isEmpty() ? null : sizeB, d.additions(), d.deletions(), d.unified(), d.truncated()));
    }

    /** A METADATA text's headers (before the first empty line). */
    static String headers(String metadata) {
        int end = blankLine(metadata);
        return end < 0 ? metadata : metadata.substring(0, end + 1);
    }

    /** A METADATA text's body (the description), or empty. */
    static String body(String metadata) {
        if (metadata == null) {
            return "";
        }
        int end = blankLine(metadata);
        return end < 0 ? "" : metadata.substring(end).replaceFirst("^\\r?\\n\\r?\\n", "");
    }

    private static int blankLine(String text) {
        int lf = text.indexOf("\n\n");
        int crlf = text.indexOf("\r\n\r\n");
        return lf < 0 ? crlf : crlf < 0 ? lf : Math.min(lf, crlf);
    }

    private static Optional<String> text(Wheel wheel, String path, boolean metadataHeaders) {
        byte[] bytes = wheel.members().head(path, MAX_TEXT_BYTES + 1).orElse(new byte[0]);
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            if (text.indexOf('\0') >= 0) {
                return Optional.empty();
            }
            return Optional.of(metadataHeaders ? headers(text) : text);
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    private static boolean isLarge(Long size) {
        return size != null && size > MAX_TEXT_BYTES;
    }

    private static Map<String, VersionFile> byKey(List<VersionFile> files) {
        Map<String, VersionFile> out = new LinkedHashMap<>();
        for (VersionFile f : files) {
            out.put(DIST_INFO.matcher(f.path()).replaceFirst("{dist-info}/"), f);
        }
        return out;
    }

    private static TreeSet<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        TreeSet<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }
}
