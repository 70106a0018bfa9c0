package io.envhub.registry.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A bounded hand-over of byte chunks from the thread reading an upload to the thread writing it to the object store.
 * At most {@code capacity} chunks wait at a time, so memory stays constant whatever the upload's size; a writer that
 * is faster than the store blocks. {@link #abort()} makes the reading side fail, so a cut-off upload never completes
 * an object.
 */
final class ChunkPipe {
    private static final byte[] END = new byte[0];
    private static final byte[] ABORTED = new byte[0];

    private final BlockingQueue<byte[]> chunks;
    private volatile boolean aborted;

    ChunkPipe(int capacity) {
        this.chunks = new ArrayBlockingQueue<>(capacity);
    }

    /** Hands over a chunk (the pipe keeps the array: do not reuse it). */
    void write(byte[] chunk) throws IOException {
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

    /** No more chunks: the reading side sees the end of the stream. */
    void close() throws IOException {
        write(END);
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
            private byte[] current = new byte[0];
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
                while (pos == current.length) {
                    if (ended) {
                        return -1;
                    }
                    byte[] next = take();
                    if (next == ABORTED || aborted) {
                        throw new IOException("the upload was interrupted");
                    }
                    if (next == END) {
                        ended = true;
                        return -1;
                    }
                    current = next;
                    pos = 0;
                }
                int n = Math.min(len, current.length - pos);
                System.arraycopy(current, pos, b, off, n);
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

    private byte[] take() throws IOException {
        try {
            return chunks.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the upload");
        }
    }
}
