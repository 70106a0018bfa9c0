package io.envhub.registry.version;

import io.envhub.contract.ProblemCode;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.storage.ObjectStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * Reads one member of a stored wheel as text. The wheel is copied from the object store to a temporary file (deleted
 * afterwards) and read with {@link SafeZipReader}, so a hostile archive cannot hurt the server. Text longer than
 * {@link #MAX_TEXT} bytes is truncated at a character boundary (the caller tells the client); content that is not
 * UTF-8 text is refused with 415.
 */
@ApplicationScoped
public class WheelFiles {
    /** Most bytes of a file served as text: 512 KiB. */
    public static final int MAX_TEXT = 512 * 1024;

    private final ObjectStore store;

    public WheelFiles(ObjectStore store) {
        this.store = store;
    }

    /**
     * A member's text.
     *
     * @param text the text (possibly cut)
     * @param size the member's full size in bytes
     * @param truncated whether {@code text} is only the first {@link #MAX_TEXT} bytes (or a little less)
     */
    public record Text(String text, long size, boolean truncated) {
    }

    /** The text of {@code path} inside the artifact's wheel. */
    public Text text(Artifact artifact, String path) {
        Path temp = null;
        try {
            temp = Files.createTempFile("envhub-wheel-", ".whl");
            try (InputStream in = store.get(artifact.objectKey)) {
                Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
            }
            try (SafeZipReader zip = SafeZipReader.open(temp, ArchiveLimits.DEFAULTS)) {
                ZipEntryInfo entry = zip.find(path).filter(e -> !e.isDirectory())
                        .orElseThrow(() -> new ApiException.NotFound("No file " + path + " in " + artifact.filename + "."));
                byte[] head;
                try (InputStream in = zip.openStream(entry)) {
                    head = in.readNBytes(MAX_TEXT);
                }
                boolean truncated = entry.uncompressedSize() > head.length;
                return new Text(decode(head, truncated, path), entry.uncompressedSize(), truncated);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + artifact.objectKey, e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the temporary directory is cleaned by the system eventually
                }
            }
        }
    }

    private static String decode(byte[] bytes, boolean truncated, String path) {
        int end = bytes.length;
        if (truncated) {
            // do not cut a multi-byte character in two: drop continuation bytes and the lead byte they belong to
            int back = end;
            while (back > 0 && end - back < 4 && (bytes[back - 1] & 0xC0) == 0x80) {
                back--;
            }
            if (back > 0 && (bytes[back - 1] & 0xC0) == 0xC0) {
                end = back - 1;
            }
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Arrays.copyOf(bytes, end))).toString();
            if (text.indexOf('\0') >= 0) {
                throw binary(path);
            }
            return text;
        } catch (CharacterCodingException e) {
            throw binary(path);
        }
    }

    private static ApiException binary(String path) {
        return new ApiException.Unsupported(ProblemCode.BINARY_FILE, path + " is not UTF-8 text; download the wheel to see it.");
    }
}
