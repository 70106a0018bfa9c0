package io.envhub.cli.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.LongConsumer;

/**
 * A multipart/form-data {@code POST} of files, streamed from disk with a known {@code Content-Length}; every file byte
 * handed to the HTTP client is reported to a progress listener.
 */
public final class MultipartUpload {
    private MultipartUpload() {
    }

    /** One file part: the field name, the file and its content type. */
    public record Part(String field, Path file, String contentType) {
    }

    /**
     * Builds the request.
     *
     * @param url target URL
     * @param parts the files, in this order
     * @param progress receives file byte counts as the body is read
     * @return the request and the bytes of its files (what the progress counts up to)
     */
    public static FileUpload.Prepared post(String url, List<Part> parts, LongConsumer progress) {
        String boundary = "envhub-" + UUID.randomUUID();
        List<HttpRequest.BodyPublisher> body = new ArrayList<>();
        long fileBytes = 0;
        for (Part p : parts) {
            String head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + p.field() + "\"; filename=\""
                    + p.file().getFileName().toString().replace("\"", "") + "\"\r\nContent-Type: " + p.contentType() + "\r\n\r\n";
            body.add(HttpRequest.BodyPublishers.ofByteArray(head.getBytes(StandardCharsets.UTF_8)));
            long size;
            try {
                size = Files.size(p.file());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            fileBytes += size;
            HttpRequest.BodyPublisher streamed = HttpRequest.BodyPublishers.ofInputStream(() -> {
                try {
                    return new CountingInputStream(Files.newInputStream(p.file()), progress);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            body.add(HttpRequest.BodyPublishers.fromPublisher(streamed, size));
            body.add(HttpRequest.BodyPublishers.ofByteArray("\r\n".getBytes(StandardCharsets.UTF_8)));
        }
        body.add(HttpRequest.BodyPublishers.ofByteArray(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8)));
        return new FileUpload.Prepared(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.concat(body.toArray(HttpRequest.BodyPublisher[]::new))), fileBytes);
    }
}
