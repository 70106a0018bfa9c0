package io.envhub.cli.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/** An input stream that reports the bytes read through it (uploads feed their progress bar with it). */
final class CountingInputStream extends FilterInputStream {
    private final LongConsumer progress;

    CountingInputStream(InputStream in, LongConsumer progress) {
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
