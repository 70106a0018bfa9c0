package io.envhub.registry.evaluation;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.apache.james.mime4j.MimeException;
import org.apache.james.mime4j.stream.EntityState;
import org.apache.james.mime4j.stream.Field;
import org.apache.james.mime4j.stream.MimeConfig;
import org.apache.james.mime4j.stream.MimeTokenStream;
import org.apache.james.mime4j.stream.NameValuePair;
import org.apache.james.mime4j.stream.RawBody;
import org.apache.james.mime4j.stream.RawField;
import org.apache.james.mime4j.stream.RawFieldParser;

/**
 * Reads an evaluation push (multipart/form-data with the parts {@code metadata} and {@code results}, in either order)
 * while it arrives: metadata.json is read whole (it is small and capped), results are handed to a
 * {@link ResultsScanner} as a stream. Other parts are skipped.
 */
final class EvalMultipart {
    private static final MimeConfig CONFIG = new MimeConfig.Builder().setMaxLineLen(-1).setMaxHeaderCount(30)
            .setMaxHeaderLen(8192).setMaxContentLen(-1).build();

    /** What was sent. */
    record Parts(byte[] metadata, ResultsScanner.Scan results) {
    }

    private EvalMultipart() {
    }

    static Parts read(InputStream body, String contentType, long maxMetadataBytes, ResultsScanner scanner, int pageSize) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")
                || !contentType.toLowerCase(Locale.ROOT).contains("boundary=")) {
            throw new ApiException.Invalid(ProblemCode.NOT_MULTIPART, "Send the run as multipart/form-data with the parts 'metadata' "
                    + "(metadata.json) and 'results' (results.jsonl or results.jsonl.gz).");
        }
        MimeTokenStream parts = new MimeTokenStream(CONFIG);
        parts.parseHeadless(body, contentType);
        String name = null;
        byte[] metadata = null;
        ResultsScanner.Scan results = null;
        try {
            for (EntityState state = parts.getState(); state != EntityState.T_END_OF_STREAM; state = parts.next()) {
                if (state == EntityState.T_START_BODYPART) {
                    name = null;
                } else if (state == EntityState.T_FIELD && "content-disposition".equalsIgnoreCase(parts.getField().getName())) {
                    name = param(RawFieldParser.DEFAULT.parseRawBody(raw(parts.getField())), "name");
                } else if (state == EntityState.T_BODY && "metadata".equals(name)) {
                    if (metadata != null) {
                        throw new ApiException.Invalid(ProblemCode.METADATA_REPEATED, "Send one 'metadata' part.");
                    }
                    metadata = parts.getDecodedInputStream().readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxMetadataBytes + 1));
                    if (metadata.length > maxMetadataBytes) {
                        throw new ApiException.TooLarge("metadata.json is over the limit of " + maxMetadataBytes + " bytes.");
                    }
                } else if (state == EntityState.T_BODY && "results".equals(name)) {
                    if (results != null) {
                        throw new ApiException.Invalid(ProblemCode.RESULTS_REPEATED, "Send one 'results' part.");
                    }
                    results = scanner.scan(parts.getDecodedInputStream(), pageSize);
                }
            }
        } catch (IOException | MimeException | RuntimeException e) {
            if (results != null) {
                ResultsScanner.deleteQuietly(results.file());
            }
            if (e instanceof RuntimeException re) {
                throw re;
            }
            throw new ApiException.Invalid(ProblemCode.UPLOAD_INTERRUPTED, "The multipart body could not be read: " + e.getMessage());
        }
        if (metadata == null || results == null) {
            if (results != null) {
                ResultsScanner.deleteQuietly(results.file());
            }
            throw new ApiException.Invalid(metadata == null ? ProblemCode.METADATA_MISSING : ProblemCode.RESULTS_MISSING,
                    "Send both parts: "
                    + "'metadata' (metadata.json) and 'results' (results.jsonl or results.jsonl.gz); '"
                    + (metadata == null ? "metadata" : "results") + "' is missing.");
        }
        return new Parts(metadata, results);
    }

    private static RawField raw(Field field) {
        return field instanceof RawField r ? r : new RawField(field.getName(), field.getBody());
    }

    private static String param(RawBody body, String name) {
        for (NameValuePair p : body.getParams()) {
            if (name.equalsIgnoreCase(p.getName())) {
                return p.getValue();
            }
        }
        return null;
    }
}
