package io.envhub.cli.progress;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A byte progress bar: bytes done and total, percentage, rate and ETA. On a terminal it redraws one line in place
 * (at most ten times a second); otherwise it prints a plain line every few seconds and a final one, so that CI logs
 * stay short. Thread-safe: HTTP client threads report progress while the main thread waits.
 */
public final class ProgressBar {
    private static final int WIDTH = 24;

    private final PrintStream out;
    private final String label;
    private final long total;
    private final boolean inPlace;
    private final LongSupplier clock;
    private final long start;
    private final long plainEveryNanos;
    private long done;
    private long lastDraw;
    private int lastLength;
    private boolean finished;

    /**
     * Creates a bar.
     *
     * @param out where to draw (standard error)
     * @param label what is moving, e.g. {@code uploading reverse_text-0.1.4-py3-none-any.whl}
     * @param total total bytes, or -1 when unknown
     * @param inPlace whether a terminal is attached
     * @param clock nanosecond clock (tests pass a fake)
     * @param plainEverySeconds seconds between plain lines
     */
    public ProgressBar(PrintStream out, String label, long total, boolean inPlace, LongSupplier clock, long plainEverySeconds) {
        this.out = out;
        this.label = label;
        this.total = total;
        this.inPlace = inPlace;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.lastDraw = start;
        this.plainEveryNanos = plainEverySeconds * 1_000_000_000L;
    }

    /**
     * Creates a bar with the system clock and a plain line every 5 seconds.
     *
     * @param out where to draw
     * @param label what is moving
     * @param total total bytes or -1
     * @param inPlace whether a terminal is attached
     * @return the bar
     */
    public static ProgressBar of(PrintStream out, String label, long total, boolean inPlace) {
        return new ProgressBar(out, label, total, inPlace, System::nanoTime, 5);
    }

    /**
     * Reports more bytes.
     *
     * @param bytes bytes since the last call
     */
    public synchronized void advance(long bytes) {
        done += bytes;
        long now = clock.getAsLong();
        if (inPlace && now - lastDraw >= 100_000_000L) {
            lastDraw = now;
            draw(now);
        } else if (!inPlace && now - lastDraw >= plainEveryNanos) {
            lastDraw = now;
            out.println(line(now));
        }
    }

    /** Draws the final state and ends the line. Further calls do nothing. */
    public synchronized void finish() {
        if (finished) {
            return;
        }
        finished = true;
        long now = clock.getAsLong();
        if (inPlace) {
            draw(now);
            out.println();
        } else {
            out.println(line(now));
        }
        out.flush();
    }

    private void draw(long now) {
        String s = line(now);
        StringBuilder sb = new StringBuilder("\r").append(s);
        for (int i = s.length(); i < lastLength; i++) {
            sb.append(' ');
        }
        lastLength = s.length();
        out.print(sb);
        out.flush();
    }

    /**
     * Renders the current state.
     *
     * @param now clock value
     * @return one line without line break
     */
    synchronized String line(long now) {
        double seconds = Math.max(1e-9, (now - start) / 1e9);
        double rate = done / seconds;
        StringBuilder sb = new StringBuilder(label).append("  ");
        if (total > 0) {
            int filled = (int) Math.min(WIDTH, Math.round(WIDTH * (double) done / total));
            sb.append('[').append("#".repeat(filled)).append(".".repeat(WIDTH - filled)).append("] ");
            sb.append(String.format(Locale.ROOT, "%3d%% ", Math.min(100, done * 100 / total)));
            sb.append(bytes(done)).append(" / ").append(bytes(total));
        } else {
            sb.append(bytes(done));
        }
        sb.append("  ").append(bytes((long) rate)).append("/s");
        if (total > 0 && done < total && rate > 0) {
            sb.append("  ETA ").append(duration((long) Math.ceil((total - done) / rate)));
        } else if (total > 0 && done >= total) {
            sb.append("  in ").append(String.format(Locale.ROOT, "%.1f s", seconds));
        }
        return sb.toString();
    }

    /**
     * Formats a byte count with binary units.
     *
     * @param n bytes
     * @return e.g. {@code 1.5 MiB}
     */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    private static String duration(long seconds) {
        return seconds >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
