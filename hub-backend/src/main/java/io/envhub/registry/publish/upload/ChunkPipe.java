package io.envhub.registry.publish.upload;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A bounded hand-over of byte chunks from the thread reading an upload to the thread writing it to the object store.
 * At most {@code capacity} chunks wait at a time and their buffers are reused, so memory stays constant (and no
 * garbage is made) whatever the upload's size; a writer that is faster than the store blocks. {@link #abort()} makes
 * the reading side fail, so a cut-off upload never completes an object.
 */
final class ChunkPipe {
    private record Chunk(byte[] data, int length) {
    }

    private static final Chunk END = new Chunk(new byte[0], 0);
    private static final Chunk ABORTED = new Chunk(new byte[0], 0);

    private final BlockingQueue<Chunk> chunks;
    private final BlockingQueue<byte[]> free;
    private final int chunkSize;
    private final int maxBuffers;
    private int allocated;
    private volatile boolean aborted;

    ChunkPipe(int capacity, int chunkSize) {
        this.chunks = new ArrayBlockingQueue<>(capacity + 1);
        this.maxBuffers = capacity + 2;
        this.free = new ArrayBlockingQueue<>(maxBuffers);
        this.chunkSize = chunkSize;
    }

    /** A buffer for the writing side to fill (reused once the reading side has consumed it). */
    byte[] buffer() throws IOException {
        byte[] b = free.poll();
        if (b != null) {
            return b;
        }
        if (allocated < maxBuffers) {
            allocated++;
            return new byte[chunkSize];
        }
        try {
            while (true) {
                if (aborted) {
                    throw new StoreStopped();
                }
                b = free.poll(100, TimeUnit.MILLISECONDS);
                if (b != null) {
                    return b;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while handing over the upload");
        }
    }

    /** Hands over the first {@code length} bytes of a buffer from {@link #buffer()}. */
    void write(byte[] buffer, int length) throws IOException {
        put(new Chunk(buffer, length));
    }

    /** No more chunks: the reading side sees the end of the stream. */
    void close() throws IOException {
        put(END);
    }

    private void put(Chunk chunk) throws IOException {
        if (aborted) {
            throw new StoreStopped();
        }
        try {
            chunks.put(chunk);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while handing over the upload");
        }
    }

    /** The upload failed: the reading side fails instead of completing the object. */
    void abort() {
        aborted = true;
        chunks.clear();
        chunks.offer(ABORTED);
    }

    /** The reading side, for the object store's put. */
    InputStream inputStream() {
        return new InputStream() {
            private Chunk current = new Chunk(new byte[0], 0);
            private int pos;
            private boolean ended;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                while (pos == current.length()) {
                    if (ended) {
                        return -1;
                    }
                    if (current.length() > 0) {
                        free.offer(current.data());
                    }
                    Chunk next = take();
                    if (next == ABORTED || aborted) {
                        throw new IOException("the upload was interrupted");
                    }
                    if (next == END) {
                        ended = true;
                        current = END;
                        pos = 0;
                        return -1;
                    }
                    current = next;
                    pos = 0;
                }
                int n = Math.min(len, current.length() - pos);
                System.arraycopy(current.data(), pos, b, off, n);
                pos += n;
                return n;
            }

            @Override
            public void close() {
                // the writing side decides when the stream ends
            }
        };
    }

    /** Thrown to the writing side when the object store stopped reading (its put failed). */
    static final class StoreStopped extends IOException {
        StoreStopped() {
            super("the object store stopped reading the upload");
        }
    }

    private Chunk take() throws IOException {
        try {
            return chunks.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the upload");
        }
    }
}
