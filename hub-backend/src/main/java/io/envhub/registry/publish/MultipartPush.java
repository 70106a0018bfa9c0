package io.envhub.registry.publish;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
 * Reads a multipart/form-data push while it arrives, with Apache James mime4j's streaming parser: the small text fields
 * a {@link Form} names are read whole, its file part is handed on as a stream (to be hashed and stored in the same pass,
 * see {@link StreamingPublisher}). Fields sent before the file are known when it is read; fields after it are known at
 * the end. Other fields are skipped unread. Two forms use it: the hub's own push ({@link #PUSH}: {@code file},
 * {@code sha256}, {@code visibility}) and PyPI's legacy upload ({@link LegacyUploadForm}: {@code content} and its
 * metadata fields).
 */
final class MultipartPush {
    /** Longest text field read (a sha256 is 64 characters). */
    static final int FIELD_LIMIT = 1024;
    private static final MimeConfig CONFIG = new MimeConfig.Builder().setMaxLineLen(-1).setMaxHeaderCount(30)
            .setMaxHeaderLen(8192).setMaxContentLen(-1).build();

    /** Which part is the file and which text fields are read (the first value of each; others are skipped). */
    record Form(String fileField, Set<String> textFields) {
        Form {
            textFields = Set.copyOf(textFields);
        }
    }

    /** The hub's own push form. */
    static final Form PUSH = new Form("file", Set.of("sha256", "visibility"));

    /** Receives the file part. */
    interface FileReceiver {
        /**
         * @param filename the part's file name
         * @param content the part's bytes, as they arrive
         * @param fields the text fields that came before the file
         */
        PushInProgress receive(String filename, InputStream content, Map<String, String> fields);
    }

    /** What was sent: the received file (null when there was no file part) and the text fields. */
    record Parts(String filename, PushInProgress file, Map<String, String> fields) {
        String sha256() {
            return fields.get("sha256");
        }

        String visibility() {
            return fields.get("visibility");
        }

        String field(String name) {
            return fields.get(name);
        }
    }

    private MultipartPush() {
    }

    /** Reads the body to its end. When it fails after the file was received, the received push is closed (given up). */
    static Parts read(InputStream body, String contentType, FileReceiver receiver) {
        return read(body, contentType, PUSH, receiver);
    }

    /** Reads a body of the given form to its end, as {@link #read(InputStream, String, FileReceiver)}. */
    static Parts read(InputStream body, String contentType, Form form, FileReceiver receiver) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")
                || !contentType.toLowerCase(Locale.ROOT).contains("boundary=")) {
            throw new ApiException.Invalid(ProblemCode.NOT_MULTIPART, "Send the push as multipart/form-data with a boundary.");
        }
        MimeTokenStream parts = new MimeTokenStream(CONFIG);
        parts.parseHeadless(body, contentType);
        String name = null;
        String filename = null;
        Map<String, String> fields = new HashMap<>();
        PushInProgress file = null;
        String fileName = null;
        try {
            for (EntityState state = parts.getState(); state != EntityState.T_END_OF_STREAM; state = parts.next()) {
                if (state == EntityState.T_START_BODYPART) {
                    name = null;
                    filename = null;
                } else if (state == EntityState.T_FIELD && "content-disposition".equalsIgnoreCase(parts.getField().getName())) {
                    RawBody disposition = RawFieldParser.DEFAULT.parseRawBody(raw(parts.getField()));
                    name = param(disposition, "name");
                    filename = param(disposition, "filename");
                } else if (state == EntityState.T_BODY && form.fileField().equals(name)) {
                    if (file != null) {
                        throw new ApiException.Invalid(ProblemCode.FILE_REPEATED, "Send one wheel per push (one '"
                                + form.fileField() + "' field).");
                    }
                    if (filename == null || filename.isBlank()) {
                        throw new ApiException.Invalid(ProblemCode.FILE_MISSING, "The '" + form.fileField()
                                + "' field needs a file name (the wheel's).");
                    }
                    fileName = filename.strip();
                    file = receiver.receive(fileName, parts.getDecodedInputStream(), Map.copyOf(fields));
                } else if (state == EntityState.T_BODY && name != null && form.textFields().contains(name)
                        && !fields.containsKey(name)) {
                    String value = text(parts.getDecodedInputStream());
                    if (value != null) {
                        fields.put(name, value);
                    }
                }
            }
        } catch (IOException | MimeException | RuntimeException e) {
            if (file != null) {
                file.close();
            }
            if (e instanceof RuntimeException re) {
                throw re;
            }
            throw new ApiException.Invalid(ProblemCode.UPLOAD_INTERRUPTED, "The multipart body could not be read: " + e.getMessage());
        }
        return new Parts(fileName, file, Map.copyOf(fields));
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

    private static String text(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(FIELD_LIMIT + 1);
        if (bytes.length > FIELD_LIMIT) {
            throw new ApiException.Invalid(ProblemCode.FIELD_TOO_LONG, "A text field of a push is at most " + FIELD_LIMIT + " bytes.");
        }
        String value = new String(bytes, StandardCharsets.UTF_8).strip();
        return value.isEmpty() ? null : value;
    }
}
