package io.envhub.cli.http;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * A {@code multipart/form-data} POST with text fields and one file, streamed from disk with a known
 * {@code Content-Length}; every byte handed to the HTTP client is reported to a progress listener.
 */
public final class Multipart {
    private Multipart() {
    }

    /**
     * A prepared upload.
     *
     * @param request builder with method, headers and body set
     * @param contentLength bytes of the whole body
     */
    public record Prepared(HttpRequest.Builder request, long contentLength) {
    }

    /**
     * Builds the request.
     *
     * @param url target URL
     * @param fields text fields, in order
     * @param fileField name of the file field
     * @param file the file
     * @param filename file name sent in the part header
     * @param progress receives byte counts as the body is read
     * @return the request and its body length
     */
    public static Prepared post(String url, Map<String, String> fields, String fileField, Path file, String filename,
                                           LongConsumer progress) {
        byte[] rnd = new byte[12];
        new SecureRandom().nextBytes(rnd);
        String boundary = "envhub-" + HexFormat.of().formatHex(rnd);
        StringBuilder head = new StringBuilder();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            head.append("--").append(boundary).append("\r\n")
                    .append("Content-Disposition: form-data; name=\"").append(f.getKey()).append("\"\r\n\r\n")
                    .append(f.getValue()).append("\r\n");
        }
        head.append("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(fileField).append("\"; filename=\"")
                .append(filename.replace("\"", "")).append("\"\r\n")
                .append("Content-Type: application/octet-stream\r\n\r\n");
        byte[] prefix = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] suffix = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        long fileSize;
        try {
            fileSize = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long length = prefix.length + fileSize + suffix.length;
        HttpRequest.BodyPublisher streamed = HttpRequest.BodyPublishers.ofInputStream(() -> {
            try {
                InputStream body = new SequenceInputStream(Collections.enumeration(List.of(
                        new ByteArrayInputStream(prefix), Files.newInputStream(file), new ByteArrayInputStream(suffix))));
                return new Counting(body, progress);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return new Prepared(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.fromPublisher(streamed, length)), length);
    }

    /** Reports bytes as they are read. */
    private static final class Counting extends FilterInputStream {
        private final LongConsumer progress;

        Counting(InputStream in, LongConsumer progress) {
            super(in);
            this.progress = progress;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                progress.accept(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            if (n > 0) {
                progress.accept(n);
            }
            return n;
        }
    }
}
