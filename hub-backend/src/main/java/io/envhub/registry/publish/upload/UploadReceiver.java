package io.envhub.registry.publish.upload;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.storage.StorageException;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Receives a raw upload body in one pass: every chunk is hashed and written to a local file (for the archive checks)
 * and, when the client declared the sha256 up front, also handed to the object store under its final
 * content-addressed key at the same time, so the bytes reach the store while they arrive instead of after. The last
 * chunk is handed over only once the whole body's sha256 is known to be the declared one: a body that does not match
 * its address never completes that object (the store's request fails instead).
 * Memory stays constant whatever the size: one read buffer plus a bounded {@link ChunkPipe} (6 MiB).
 */
@ApplicationScoped
public class UploadReceiver {
    private static final int CHUNK = 256 * 1024;
    /**
     * Chunks waiting for the store: 6 MiB, a little more than the S3 client's part (5 MiB), so the client keeps
     * sending while a part is uploaded instead of the two taking turns.
     */
    private static final int CHUNKS_IN_FLIGHT = 24;

    private final ObjectStore store;
    private final UploadConfig limits;
    private final ExecutorService writers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "upload-to-store");
        t.setDaemon(true);
        return t;
    });

    public UploadReceiver(ObjectStore store, UploadConfig limits) {
        this.store = store;
        this.limits = limits;
    }

    /**
     * What was received.
     *
     * @param file the bytes on local disk (the caller deletes it)
     * @param sha256 their sha256, hex
     * @param size their length
     * @param storedKey the object key the bytes were also written to, or null when they were not
     */
    public record Received(Path file, String sha256, long size, String storedKey) {
    }

    /**
     * Reads the body to its end.
     *
     * @param body the request body
     * @param length the declared Content-Length, or -1 when unknown
     * @param storeKey write the bytes to this object key while receiving, or null not to
     * @param declaredSha256 the sha256 (hex) {@code storeKey} is the address of; with a storeKey, required
     * @return what was received; its {@code storedKey} is null when the bytes were not stored, which is the case when
     *     their sha256 is not the declared one (the caller refuses the push)
     */
    public Received receive(InputStream body, long length, String storeKey, String declaredSha256) {
        if (storeKey != null && declaredSha256 == null) {
            throw new IllegalArgumentException("streaming to " + storeKey + " needs the sha256 it is the address of");
        }
        Path file = tempFile();
        ChunkPipe pipe = storeKey != null ? new ChunkPipe(CHUNKS_IN_FLIGHT, CHUNK) : null;
        Future<?> put = pipe == null ? null : writers.submit(() -> {
            try {
                store.put(storeKey, pipe.inputStream(), length, "application/zip");
            } catch (RuntimeException e) {
                pipe.abort();
                throw e;
            }
            return null;
        });
        MessageDigest digest = sha256();
        long total = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            byte[] spare = pipe == null ? new byte[CHUNK] : null;
            byte[] held = null; // the latest chunk, handed to the store after the next one arrives or the hash matched
            int heldLength = 0;
            while (true) {
                byte[] buf = pipe == null ? spare : pipe.buffer();
                int n = body.readNBytes(buf, 0, CHUNK);
                if (n <= 0) {
                    break;
                }
                total += n;
                if (total > limits.maxBytes()) {
                    throw new ApiException.TooLarge("The wheel is over the limit of " + limits.maxBytes() + " bytes.");
                }
                digest.update(buf, 0, n);
                out.write(buf, 0, n);
                if (pipe != null) {
                    if (held != null) {
                        pipe.write(held, heldLength);
                    }
                    held = buf;
                    heldLength = n;
                }
            }
            if (total == 0) {
                throw new ApiException.Invalid(ProblemCode.FILE_MISSING, "The request body is empty: send the wheel's bytes.");
            }
            String sha256 = HexFormat.of().formatHex(digest.digest());
            if (pipe == null) {
                return new Received(file, sha256, total, null);
            }
            if (length >= 0 && total != length) {
                throw new ApiException.Invalid(ProblemCode.UPLOAD_INTERRUPTED, "Received " + total + " of " + length + " bytes.");
            }
            if (!sha256.equals(declaredSha256)) {
                pipe.abort(); // the last chunk never reaches the store: the object of the declared hash is not completed
                awaitQuietly(put);
                return new Received(file, sha256, total, null);
            }
            pipe.write(held, heldLength);
            pipe.close();
            awaitStored(put);
            return new Received(file, sha256, total, storeKey);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(file);
            if (e instanceof ChunkPipe.StoreStopped) {
                awaitStored(put);
            }
            if (pipe != null) {
                pipe.abort();
                awaitQuietly(put);
            }
            if (e instanceof IOException io) {
                throw new ApiException.Invalid(ProblemCode.UPLOAD_INTERRUPTED, "The upload was cut off after " + total + " bytes: "
                        + io.getMessage());
            }
            throw (RuntimeException) e;
        }
    }

    private static void awaitStored(Future<?> put) {
        try {
            put.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException("interrupted while storing the upload", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new StorageException("could not store the upload", e);
        }
    }

    private static void awaitQuietly(Future<?> put) {
        try {
            put.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // expected: the pipe was aborted, so the store refused the incomplete object
        }
    }

    public static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a leftover temp file in the system temp directory is harmless
        }
    }

    private static Path tempFile() {
        try {
            return Files.createTempFile("envhub-push-", ".whl");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @PreDestroy
    void shutdown() {
        writers.shutdownNow();
    }
}
