package io.envhub.registry.publish;

import io.envhub.contract.ProblemCode;
import io.envhub.format.FormatException;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import io.envhub.kit.error.ApiException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bouncycastle.crypto.digests.Blake2bDigest;

/**
 * PyPI's legacy upload form, as {@code twine upload} and {@code uv publish} send it (warehouse's {@code forklift}): a
 * multipart/form-data body with {@code :action=file_upload}, {@code protocol_version=1}, the release's {@code name}
 * and {@code version}, {@code filetype}, {@code pyversion}, {@code metadata_version}, the file's digests and the file
 * itself in {@code content}. Both clients send every field before the file, so the checks that need no bytes run
 * before the file is read ({@link #checkBeforeFile}); the rest once it has arrived ({@link #checkReceived}). The
 * metadata fields the clients copy from the wheel's METADATA (summary, description, requires_dist, ...) are not read:
 * the hub reads the wheel's own METADATA, as it does for every push.
 */
final class LegacyUploadForm {
    static final String ACTION = ":action";
    static final String PROTOCOL = "protocol_version";
    static final String NAME = "name";
    static final String VERSION = "version";
    static final String FILETYPE = "filetype";
    static final String SHA256 = "sha256_digest";
    static final String MD5 = "md5_digest";
    static final String BLAKE2 = "blake2_256_digest";

    /** The form: the file in {@code content}, the fields above read whole. */
    static final MultipartPush.Form FORM = new MultipartPush.Form("content",
            Set.of(ACTION, PROTOCOL, NAME, VERSION, FILETYPE, SHA256, MD5, BLAKE2, "pyversion", "metadata_version"));

    private LegacyUploadForm() {
    }

    /** The checks on the fields sent before the file (all of them, from twine and uv). */
    static void checkBeforeFile(Map<String, String> fields) {
        String action = fields.get(ACTION);
        if (action != null && !"file_upload".equals(action)) {
            throw new ApiException.Invalid(ProblemCode.UNSUPPORTED_ACTION, "Unsupported ':action' " + action
                    + ": this hub only accepts ':action=file_upload' (registering a project happens on its first upload).");
        }
        String protocol = fields.get(PROTOCOL);
        if (protocol != null && !"1".equals(protocol)) {
            throw new ApiException.Invalid(ProblemCode.UNSUPPORTED_ACTION, "Unknown protocol_version " + protocol + ": send 1.");
        }
        String filetype = fields.get(FILETYPE);
        if (filetype != null && !"bdist_wheel".equals(filetype)) {
            throw new ApiException.Invalid(ProblemCode.NOT_A_WHEEL, "Only wheels (filetype bdist_wheel) can be published here, not "
                    + filetype + ": upload the .whl only (e.g. twine upload dist/*.whl).");
        }
    }

    /** The checks after the whole body arrived: the form's action, name and version, and every digest it declared. */
    static void checkReceived(Map<String, String> fields, InspectedWheel wheel, Path file) {
        checkBeforeFile(fields); // again: fields sent after the file were not known before it
        if (!"file_upload".equals(fields.get(ACTION))) {
            throw new ApiException.Invalid(ProblemCode.UNSUPPORTED_ACTION, "Send ':action=file_upload' with the upload.");
        }
        String name = fields.get(NAME);
        if (name != null && !ProjectName.normalize(name).equals(wheel.name().normalized())) {
            throw new ApiException.Invalid(ProblemCode.NAME_MISMATCH, "The form says name '" + name + "' but the wheel is '"
                    + wheel.name().original() + "'.");
        }
        String version = fields.get(VERSION);
        if (version != null && !sameVersion(version, wheel.version())) {
            throw new ApiException.Invalid(ProblemCode.VERSION_MISMATCH, "The form says version '" + version
                    + "' but the wheel is version " + wheel.version() + ".");
        }
        String md5 = fields.get(MD5);
        String blake2 = fields.get(BLAKE2);
        if (md5 == null && blake2 == null) {
            return;
        }
        Digests digests = digests(file);
        if (md5 != null && !md5.strip().equalsIgnoreCase(digests.md5())) {
            throw mismatch("md5_digest", digests.md5(), md5);
        }
        if (blake2 != null && !blake2.strip().equalsIgnoreCase(digests.blake2()) ) {
            throw mismatch("blake2_256_digest", digests.blake2(), blake2);
        }
    }

    private static boolean sameVersion(String declared, Version actual) {
        try {
            return Version.parse(declared.strip()).equals(actual);
        } catch (FormatException | IllegalArgumentException e) {
            return false;
        }
    }

    private static ApiException mismatch(String field, String actual, String declared) {
        return new ApiException.Invalid(ProblemCode.HASH_MISMATCH, "The upload's " + field.replace("_digest", "") + " is "
                + actual + " but the form declared " + declared.strip().toLowerCase(Locale.ROOT)
                + ": the file was corrupted in transit. Upload again.");
    }

    record Digests(String md5, String blake2) {
    }

    /** MD5 and BLAKE2b-256 of the received file (BouncyCastle's digest: the JDK has no BLAKE2). */
    static Digests digests(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            Blake2bDigest blake2 = new Blake2bDigest(256);
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                md5.update(buffer, 0, n);
                blake2.update(buffer, 0, n);
            }
            byte[] b = new byte[32];
            blake2.doFinal(b, 0);
            return new Digests(HexFormat.of().formatHex(md5.digest()), HexFormat.of().formatHex(b));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
