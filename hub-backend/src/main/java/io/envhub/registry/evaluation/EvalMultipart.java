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
 * Reads an evaluation push (multipart/form-data, parts in any order) while it arrives. A verifiers v0 run directory is
 * sent as {@code metadata} (metadata.json) and {@code results} (results.jsonl or its gzip); a verifiers v1 run directory
 * as it is, {@code config} (its configs/&lt;cli&gt;.json) and {@code traces} (traces.jsonl or its gzip). The small
 * JSON part is read whole (capped); the rollouts go to a {@link ResultsScanner} as a stream. An optional text part
 * {@code run_date} says when the run was written (the CLI sends the metadata file's time; v0 metadata.json carries no
 * date). Other parts are skipped.
 */
final class EvalMultipart {
    private static final MimeConfig CONFIG = new MimeConfig.Builder().setMaxLineLen(-1).setMaxHeaderCount(30)
            .setMaxHeaderLen(8192).setMaxContentLen(-1).build();
    private static final String PARTS = "Send a verifiers v0 run as the parts 'metadata' (metadata.json) and 'results' "
            + "(results.jsonl or results.jsonl.gz), or a verifiers v1 run as 'config' (configs/<cli>.json) and 'traces' "
            + "(traces.jsonl or traces.jsonl.gz).";

    /** What was sent: {@code metadata} is metadata.json (v0) or the run config (v1). */
    record Parts(byte[] metadata, ResultsScanner.Scan results, boolean v1, String runDate) {
    }

    private EvalMultipart() {
    }

    static Parts read(InputStream body, String contentType, long maxMetadataBytes, ResultsScanner scanner, int pageSize) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")
                || !contentType.toLowerCase(Locale.ROOT).contains("boundary=")) {
            throw new ApiException.Invalid(ProblemCode.NOT_MULTIPART, "Send the run as multipart/form-data. " + PARTS);
        }
        MimeTokenStream parts = new MimeTokenStream(CONFIG);
        parts.parseHeadless(body, contentType);
        String name = null;
        byte[] metadata = null;
        ResultsScanner.Scan results = null;
        Boolean v1 = null;
        String runDate = null;
        try {
            for (EntityState state = parts.getState(); state != EntityState.T_END_OF_STREAM; state = parts.next()) {
                if (state == EntityState.T_START_BODYPART) {
                    name = null;
                } else if (state == EntityState.T_FIELD && "content-disposition".equalsIgnoreCase(parts.getField().getName())) {
                    name = param(RawFieldParser.DEFAULT.parseRawBody(raw(parts.getField())), "name");
                } else if (state == EntityState.T_BODY && ("metadata".equals(name) || "config".equals(name))) {
                    v1 = layout(v1, "config".equals(name));
                    if (metadata != null) {
                        throw new ApiException.Invalid(ProblemCode.METADATA_REPEATED, "Send one '" + name + "' part.");
                    }
                    metadata = parts.getDecodedInputStream().readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxMetadataBytes + 1));
                    if (metadata.length > maxMetadataBytes) {
                        throw new ApiException.TooLarge((v1 ? "The run config" : "metadata.json") + " is over the limit of "
                                + maxMetadataBytes + " bytes.");
                    }
                } else if (state == EntityState.T_BODY && ("results".equals(name) || "traces".equals(name))) {
                    v1 = layout(v1, "traces".equals(name));
                    if (results != null) {
                        throw new ApiException.Invalid(ProblemCode.RESULTS_REPEATED, "Send one '" + name + "' part.");
                    }
                    results = scanner.scan(parts.getDecodedInputStream(), pageSize, v1);
                } else if (state == EntityState.T_BODY && "run_date".equals(name)) {
                    String text = new String(parts.getDecodedInputStream().readNBytes(65), java.nio.charset.StandardCharsets.UTF_8);
                    runDate = text.strip().length() <= 64 && text.strip().matches("[0-9T:.+\\- Z]+") ? text.strip() : null;
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
            boolean isV1 = Boolean.TRUE.equals(v1);
            String missing = metadata == null ? (isV1 ? "config" : "metadata") : (isV1 ? "traces" : "results");
            throw new ApiException.Invalid(metadata == null ? ProblemCode.METADATA_MISSING : ProblemCode.RESULTS_MISSING,
                    PARTS + " '" + missing + "' is missing.");
        }
        return new Parts(metadata, results, v1, runDate);
    }

    /** The layout the parts so far belong to; refuses v0 and v1 parts in one push. */
    private static boolean layout(Boolean sofar, boolean v1) {
        if (sofar != null && sofar != v1) {
            throw new ApiException.Invalid(ProblemCode.METADATA_INVALID, "The push mixes a verifiers v0 run's parts "
                    + "(metadata, results) with a v1 run's (config, traces). " + PARTS);
        }
        return v1;
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
