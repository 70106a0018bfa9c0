package io.envhub.format.wheel;

import io.envhub.format.FormatException;
import io.envhub.format.archive.ArchiveException;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.metadata.MetadataParser;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates an untrusted wheel: the archive rules of {@link SafeZipReader}, exactly one
 * {@code .dist-info} directory whose name matches METADATA, parsable METADATA, WHEEL (version 1.x) and RECORD,
 * and a RECORD that lists every member exactly once with the right SHA-2 hash and size. Every member is
 * inflated once (counted against the {@link ArchiveLimits}) to check its hash.
 */
public final class WheelReader {

    private static final Set<String> ALLOWED_HASHES = Set.of("sha256", "sha384", "sha512");
    /** Signature files, the only members RECORD need not list (RECORD itself must be listed, without hash). */
    private static final Set<String> UNSIGNED_MEMBERS = Set.of("RECORD.jws", "RECORD.p7s");

    private WheelReader() {
    }

    /**
     * Reads a wheel file with the default limits.
     *
     * @param wheel path of the wheel
     * @return the validated wheel
     * @throws WheelValidationException when the wheel is refused
     */
    public static Wheel read(Path wheel) {
        return read(wheel, ArchiveLimits.DEFAULTS);
    }

    /**
     * Reads a wheel file.
     *
     * @param wheel path of the wheel
     * @param limits archive limits
     * @return the validated wheel
     * @throws WheelValidationException when the wheel is refused
     */
    public static Wheel read(Path wheel, ArchiveLimits limits) {
        try (SafeZipReader zip = SafeZipReader.open(wheel, limits)) {
            return read(zip);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ArchiveException e) {
            throw wrap(e);
        }
    }

    /**
     * What to do with a wheel while its archive is still open.
     *
     * @param <T> the result
     */
    @FunctionalInterface
    public interface WhileOpen<T> {
        /**
         * Uses the wheel and its open archive.
         *
         * @param wheel the validated wheel
         * @param zip its archive, still open (read further members from it)
         * @return the result
         * @throws IOException when reading a member fails
         */
        T apply(Wheel wheel, SafeZipReader zip) throws IOException;
    }

    /**
     * Reads a wheel file and hands it, with its archive still open, to {@code then}, so further members can be read
     * without opening and checking the archive a second time.
     *
     * @param wheel path of the wheel
     * @param limits archive limits
     * @param then what to do with the wheel and its open archive
     * @param <T> the result
     * @return what {@code then} returns
     * @throws WheelValidationException when the wheel is refused
     */
    public static <T> T read(Path wheel, ArchiveLimits limits, WhileOpen<T> then) {
        try (SafeZipReader zip = SafeZipReader.open(wheel, limits)) {
            return then.apply(read(zip), zip);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ArchiveException e) {
            throw wrap(e);
        }
    }

    /**
     * Reads a wheel from a channel (closed when done).
     *
     * @param channel wheel bytes
     * @param limits archive limits
     * @return the validated wheel
     * @throws WheelValidationException when the wheel is refused
     */
    public static Wheel read(SeekableByteChannel channel, ArchiveLimits limits) {
        try (SafeZipReader zip = SafeZipReader.open(channel, limits)) {
            return read(zip);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ArchiveException e) {
            throw wrap(e);
        }
    }

    private static Wheel read(SafeZipReader zip) {
        List<String> files = new ArrayList<>();
        Set<String> distInfos = new LinkedHashSet<>();
        for (ZipEntryInfo e : zip.entries()) {
            int slash = e.name().indexOf('/');
            if (slash > 0 && e.name().substring(0, slash).endsWith(".dist-info")) {
                distInfos.add(e.name().substring(0, slash));
            }
            if (!e.isDirectory()) {
                files.add(e.name());
            }
        }
        if (distInfos.isEmpty()) {
            throw new WheelValidationException(WheelValidationException.DIST_INFO_MISSING, null,
                    "wheel has no top-level .dist-info directory");
        }
        if (distInfos.size() > 1) {
            throw new WheelValidationException(WheelValidationException.DIST_INFO_MULTIPLE, null,
                    "wheel has several .dist-info directories: " + distInfos);
        }
        String distInfo = distInfos.iterator().next();
        byte[] metadataBytes = readRequired(zip, distInfo + "/METADATA");
        byte[] wheelBytes = readRequired(zip, distInfo + "/WHEEL");
        byte[] recordBytes = readRequired(zip, distInfo + "/RECORD");
        CoreMetadata metadata;
        WheelInfo info;
        try {
            metadata = MetadataParser.parse(metadataBytes);
            info = WheelInfo.parse(new String(wheelBytes, StandardCharsets.UTF_8));
        } catch (WheelValidationException e) {
            throw e;
        } catch (FormatException e) {
            throw new WheelValidationException(e.code(), distInfo + "/METADATA", distInfo + "/METADATA: " + e.getMessage(), e);
        }
        WheelFileName fileName = fileName(metadata, info, distInfo);
        List<RecordEntry> record = RecordFile.parse(recordBytes);
        checkRecord(zip, distInfo, files, record);
        return new Wheel(fileName, distInfo, metadata, info, record, files);
    }

    private static WheelFileName fileName(CoreMetadata metadata, WheelInfo info, String distInfo) {
        ProjectName name;
        Version version;
        try {
            name = ProjectName.of(metadata.name());
            version = Version.parse(metadata.version());
        } catch (FormatException e) {
            throw new WheelValidationException(e.code(), distInfo + "/METADATA", distInfo + "/METADATA: " + e.getMessage(), e);
        }
        String stem = distInfo.substring(0, distInfo.length() - ".dist-info".length());
        int dash = stem.indexOf('-');
        boolean matches = dash > 0 && ProjectName.isValid(stem.substring(0, dash))
                && ProjectName.of(stem.substring(0, dash)).equals(name)
                && Version.isValid(stem.substring(dash + 1)) && Version.parse(stem.substring(dash + 1)).equals(version);
        if (!matches) {
            throw new WheelValidationException(WheelValidationException.DIST_INFO_MISMATCH, distInfo + "/",
                    "directory '" + distInfo + "' does not match METADATA (" + metadata.name() + " " + metadata.version()
                            + "; expected '" + name.wheelName() + "-" + version + ".dist-info')");
        }
        if (info.tags().size() == 1 && info.tags().get(0).split("-").length == 3) {
            String[] t = info.tags().get(0).split("-");
            return new WheelFileName(name, version, info.build(), t[0], t[1], t[2]);
        }
        return WheelFileName.pure(name, version);
    }

    private static void checkRecord(SafeZipReader zip, String distInfo, List<String> files, List<RecordEntry> record) {
        Map<String, RecordEntry> byPath = new LinkedHashMap<>();
        for (RecordEntry r : record) {
            if (byPath.putIfAbsent(r.path(), r) != null) {
                throw new WheelValidationException(WheelValidationException.RECORD_DUPLICATE, r.path(),
                        "RECORD lists '" + r.path() + "' more than once");
            }
        }
        Set<String> members = new LinkedHashSet<>(files);
        for (String file : files) {
            boolean exempt = file.startsWith(distInfo + "/") && UNSIGNED_MEMBERS.contains(file.substring(distInfo.length() + 1));
            if (!byPath.containsKey(file) && !exempt) {
                throw new WheelValidationException(WheelValidationException.RECORD_UNLISTED_MEMBER, file,
                        "member '" + file + "' is not listed in RECORD");
            }
        }
        for (RecordEntry r : record) {
            if (!members.contains(r.path())) {
                throw new WheelValidationException(WheelValidationException.RECORD_MISSING_MEMBER, r.path(),
                        "RECORD lists '" + r.path() + "' but the wheel has no such member");
            }
        }
        for (String file : files) {
            RecordEntry r = byPath.get(file);
            if (r == null || file.equals(distInfo + "/RECORD") && r.hash() == null) {
                continue;
            }
            verify(zip, zip.find(file).orElseThrow(), r);
        }
    }

    private static void verify(SafeZipReader zip, ZipEntryInfo entry, RecordEntry r) {
        String name = entry.name();
        if (r.hash() == null) {
            throw new WheelValidationException(WheelValidationException.RECORD_MISSING_HASH, name,
                    "RECORD has no hash for '" + name + "'");
        }
        int eq = r.hash().indexOf('=');
        String algorithm = eq < 0 ? "" : r.hash().substring(0, eq).toLowerCase(Locale.ROOT);
        if (!ALLOWED_HASHES.contains(algorithm)) {
            throw new WheelValidationException(WheelValidationException.RECORD_WEAK_HASH, name,
                    "RECORD hash of '" + name + "' uses '" + algorithm + "' (need sha256, sha384 or sha512)");
        }
        byte[] expected;
        try {
            expected = Base64.getUrlDecoder().decode(stripPadding(r.hash().substring(eq + 1)));
        } catch (IllegalArgumentException e) {
            throw new WheelValidationException(WheelValidationException.RECORD_MALFORMED, name,
                    "RECORD hash of '" + name + "' is not URL-safe base64", e);
        }
        MessageDigest digest = digest(algorithm);
        long size = 0;
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = zip.openStream(entry)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
                size += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read '" + name + "'", e);
        }
        if (!MessageDigest.isEqual(expected, digest.digest())) {
            throw new WheelValidationException(WheelValidationException.RECORD_HASH_MISMATCH, name,
                    "RECORD hash of '" + name + "' does not match its content");
        }
        if (r.size() != null && r.size() != size) {
            throw new WheelValidationException(WheelValidationException.RECORD_SIZE_MISMATCH, name,
                    "RECORD size of '" + name + "' is " + r.size() + " but the member has " + size + " bytes");
        }
    }

    private static byte[] readRequired(SafeZipReader zip, String path) {
        ZipEntryInfo entry = zip.find(path).orElseThrow(() -> new WheelValidationException(
                WheelValidationException.MISSING_FILE, path, "wheel has no '" + path + "'"));
        return zip.readAllBytes(entry);
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm.toUpperCase(Locale.ROOT).replace("SHA", "SHA-"));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String stripPadding(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '=') {
            end--;
        }
        return s.substring(0, end);
    }

    private static WheelValidationException wrap(ArchiveException e) {
        return new WheelValidationException(e.code(), e.entry(), e.getMessage(), e);
    }
}
