package io.envhub.validator.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Drains a stream to its end and keeps at most {@code cap} bytes of it: the first half and the last half, with a
 * marker in between when bytes were dropped. Draining never stops, so a chatty command cannot block on a full pipe.
 */
final class CappedOutput {

    private final int headCap;
    private final byte[] tail;
    private final ByteArrayOutputStream head = new ByteArrayOutputStream();
    private long total;
    private int tailStart;
    private int tailLength;

    CappedOutput(int cap) {
        this.headCap = cap / 2;
        this.tail = new byte[cap - headCap];
    }

    /** Reads the stream until its end (or until it is closed under us). */
    void drain(InputStream in) {
        byte[] buf = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                accept(buf, n);
            }
        } catch (IOException ignored) {
            // the process ended or was killed; what was read is kept
        }
    }

    private synchronized void accept(byte[] buf, int n) {
        int i = 0;
        if (head.size() < headCap) {
            int take = Math.min(n, headCap - head.size());
            head.write(buf, 0, take);
            i = take;
        }
        for (; i < n; i++) {
            tail[(tailStart + tailLength) % tail.length] = buf[i];
            if (tailLength < tail.length) {
                tailLength++;
            } else {
                tailStart = (tailStart + 1) % tail.length;
            }
        }
        total += n;
    }

    /** Whether bytes were dropped. */
    synchronized boolean truncated() {
        return total > head.size() + tailLength;
    }

    /** The kept text (UTF-8, malformed bytes replaced). */
    synchronized String text() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.size() + tailLength + 64);
        out.writeBytes(head.toByteArray());
        long dropped = total - head.size() - tailLength;
        if (dropped > 0) {
            out.writeBytes(("\n[... " + dropped + " bytes dropped ...]\n").getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 0; i < tailLength; i++) {
            out.write(tail[(tailStart + i) % tail.length]);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
