package io.envhub.cli.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void plainLinesEveryFewSecondsThenAFinalOne() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        ProgressBar bar = new ProgressBar(new PrintStream(buf, true, StandardCharsets.UTF_8), "uploading x.whl", 10L << 20, false,
                now::get, 5);
        now.set(SECOND);
        bar.advance(1L << 20);
        now.set(6 * SECOND);
        bar.advance(4L << 20);
        now.set(8 * SECOND);
        bar.advance(5L << 20);
        bar.finish();
        bar.finish();
        String[] lines = buf.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(2, lines.length, buf.toString(StandardCharsets.UTF_8));
        assertEquals("uploading x.whl  [############............]  50% 5.0 MiB / 10.0 MiB  853.3 KiB/s  ETA 0:06", lines[0]);
        assertEquals("uploading x.whl  [########################] 100% 10.0 MiB / 10.0 MiB  1.3 MiB/s  in 8.0 s", lines[1]);
    }

    @Test
    void redrawsInPlaceOnATerminal() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        ProgressBar bar = new ProgressBar(new PrintStream(buf, true, StandardCharsets.UTF_8), "up", 100, true, now::get, 5);
        for (int i = 1; i <= 4; i++) {
            now.addAndGet(SECOND / 5);
            bar.advance(25);
        }
        bar.finish();
        String out = buf.toString(StandardCharsets.UTF_8);
        assertEquals(5, out.chars().filter(c -> c == '\r').count(), out);
        assertTrue(out.endsWith("100% 100 B / 100 B  125 B/s  in 0.8 s\n"), out);
        assertEquals(1, out.chars().filter(c -> c == '\n').count());
    }

    @Test
    void byteUnits() {
        assertEquals("999 B", ProgressBar.bytes(999));
        assertEquals("1.5 KiB", ProgressBar.bytes(1536));
        assertEquals("100.0 MiB", ProgressBar.bytes(100L << 20));
    }
}
