package io.envhub.cli.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;

/**
 * A file sent as the raw body of a {@code PUT}, streamed from disk with a known {@code Content-Length}; every byte
 * handed to the HTTP client is reported to a progress listener.
 */
public final class FileUpload {
    private FileUpload() {
    }

    /**
     * A prepared upload.
     *
     * @param request builder with method, headers and body set
     * @param contentLength bytes of the body
     */
    public record Prepared(HttpRequest.Builder request, long contentLength) {
    }

    /**
     * Builds the request.
     *
     * @param url target URL (with any query parameters)
     * @param file the file
     * @param progress receives byte counts as the body is read
     * @return the request and its body length
     */
    public static Prepared put(String url, Path file, LongConsumer progress) {
        long length;
        try {
            length = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HttpRequest.BodyPublisher streamed = HttpRequest.BodyPublishers.ofInputStream(() -> {
            try {
                return new CountingInputStream(Files.newInputStream(file), progress);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return new Prepared(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.fromPublisher(streamed, length)), length);
    }
}
