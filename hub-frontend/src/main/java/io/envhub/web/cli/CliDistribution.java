package io.envhub.web.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The CLI's downloadable files in {@link CliConfig#distDir()}, each with its sha256 (computed once per file version:
 * a rebuilt file, with a new size or time, is hashed again).
 */
@ApplicationScoped
public class CliDistribution {
    /** The downloads this hub may offer, by file name. */
    public enum Kind {
        PORTABLE("envhub-cli.tar.gz", "Any OS with Java 17+"),
        LINUX_X86_64("envhub-cli-linux-x86_64.tar.gz", "Linux x86-64, Java included");

        private final String filename;
        private final String label;

        Kind(String filename, String label) {
            this.filename = filename;
            this.label = label;
        }

        public String filename() {
            return filename;
        }

        public String label() {
            return label;
        }
    }

    /** One file on offer. */
    public record Download(Kind kind, Path path, long size, String sha256) {
        public String filename() {
            return kind.filename();
        }

        /** Size in MB, one decimal. */
        public String megabytes() {
            return String.format(java.util.Locale.ROOT, "%.1f MB", size / 1_000_000.0);
        }
    }

    private record Stamp(long size, FileTime modified, String sha256) {
    }

    private final Optional<Path> dir;
    private final Map<Path, Stamp> hashes = new ConcurrentHashMap<>();

    public CliDistribution(CliConfig config) {
        this.dir = config.distDir().filter(d -> !d.isBlank()).map(Path::of);
    }

    /** The files this hub offers (those present), portable first. */
    public List<Download> downloads() {
        return java.util.Arrays.stream(Kind.values()).map(this::find).flatMap(Optional::stream).toList();
    }

    /** The file named so, if this hub offers it. */
    public Optional<Download> byName(String filename) {
        return java.util.Arrays.stream(Kind.values()).filter(k -> k.filename().equals(filename)).findFirst().flatMap(this::find);
    }

    private Optional<Download> find(Kind kind) {
        if (dir.isEmpty()) {
            return Optional.empty();
        }
        Path file = dir.get().resolve(kind.filename());
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            long size = Files.size(file);
            FileTime modified = Files.getLastModifiedTime(file);
            Stamp stamp = hashes.get(file);
            if (stamp == null || stamp.size() != size || !stamp.modified().equals(modified)) {
                stamp = new Stamp(size, modified, sha256(file));
                hashes.put(file, stamp);
            }
            return Optional.of(new Download(kind, file, size, stamp.sha256()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
