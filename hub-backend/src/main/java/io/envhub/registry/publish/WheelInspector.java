package io.envhub.registry.publish;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.ProblemCode;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.format.hash.Sha256;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import io.envhub.format.wheel.RecordEntry;
import io.envhub.format.wheel.Wheel;
import io.envhub.format.wheel.WheelReader;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;

/** Checks an uploaded file and extracts what the registry stores about it. All reading is bounded and safe. */
@ApplicationScoped
public class WheelInspector {
    private final ObjectMapper json;

    public WheelInspector(ObjectMapper json) {
        this.json = json;
    }

    /**
     * Hashes and checks the file.
     *
     * @param file the uploaded bytes on local disk
     * @param uploadedName the file name the client sent
     * @param claimedSha256 the sha256 the client says it sent, or null
     */
    InspectedWheel inspect(Path file, String uploadedName, String claimedSha256) {
        return inspect(file, uploadedName, claimedSha256, null);
    }

    /**
     * Checks the file whose sha256 is already known (it was hashed while it was received).
     *
     * @param knownSha256 the file's sha256 (hex), or null to hash it here
     */
    InspectedWheel inspect(Path file, String uploadedName, String claimedSha256, String knownSha256) {
        String sha256 = knownSha256 != null ? knownSha256 : sha256(file);
        if (claimedSha256 != null && !claimedSha256.isBlank() && !claimedSha256.trim().toLowerCase(Locale.ROOT).equals(sha256)) {
            throw new ApiException.Invalid(ProblemCode.HASH_MISMATCH, "The upload's sha256 is " + sha256 + " but the client declared "
                    + claimedSha256.trim() + ": the file was corrupted in transit. Push again.");
        }
        if (uploadedName == null || !uploadedName.endsWith(".whl")) {
            throw new ApiException.Invalid(ProblemCode.NOT_A_WHEEL, "Only wheels (.whl) can be published; got '" + uploadedName + "'.");
        }
        long size = size(file);
        // one pass over the archive: checked once, METADATA's text read from the same open reader
        return WheelReader.read(file, ArchiveLimits.DEFAULTS, (wheel, zip) -> {
            wheel.checkFileName(uploadedName);
            String metadataText = readMember(zip, wheel.distInfoDir() + "/METADATA");
            return new InspectedWheel(uploadedName, sha256, size, ProjectName.of(wheel.metadata().name()),
                    Version.parse(wheel.metadata().version()), wheel.metadata(), metadataText,
                    Sha256.hex(Sha256.digest(metadataText.getBytes(StandardCharsets.UTF_8))), filesJson(wheel));
        });
    }

    private String filesJson(Wheel wheel) {
        ArrayNode files = json.createArrayNode();
        for (RecordEntry entry : wheel.record()) {
            ObjectNode node = files.addObject();
            node.put("path", entry.path());
            if (entry.size() != null) {
                node.put("size", entry.size());
            }
            if (entry.hash() != null && entry.hash().startsWith("sha256=")) {
                byte[] digest = java.util.Base64.getUrlDecoder().decode(entry.hash().substring(7));
                node.put("sha256", HexFormat.of().formatHex(digest));
            }
        }
        return files.toString();
    }

    private static String readMember(SafeZipReader zip, String member) throws IOException {
        ZipEntryInfo entry = zip.find(member).orElseThrow(
                () -> new ApiException.Invalid(ProblemCode.WHEEL_METADATA_MISSING, "The wheel has no " + member + "."));
        return new String(zip.readAllBytes(entry), StandardCharsets.UTF_8);
    }

    static String sha256(Path file) {
        MessageDigest digest = Sha256.newDigest();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Sha256.hex(digest.digest());
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
