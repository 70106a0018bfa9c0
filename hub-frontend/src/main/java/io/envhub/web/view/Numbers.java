package io.envhub.web.view;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Number formatting for pages without {@link String#format}, which parses its pattern and builds a formatter on every
 * call (the environment page's chart formats about 120 numbers per view). Each method writes exactly what the
 * {@code String.format(Locale.ROOT, ...)} it replaces writes (NumbersTest compares them).
 */
public final class Numbers {
    /** Beyond this magnitude the fast path's {@code double} arithmetic is not exact enough: use the formatter. */
    private static final double FAST_MAX = 1e12;
    private static final long[] TENS = {1, 10, 100, 1000};

    private Numbers() {
    }

    /** {@code String.format(Locale.ROOT, "%.<decimals>f", v)} for 0..3 decimals. */
    public static String fixed(double v, int decimals) {
        if (decimals < 0 || decimals >= TENS.length) {
            throw new IllegalArgumentException("decimals must be 0..3");
        }
        if (Double.isNaN(v) || Double.isInfinite(v) || Math.abs(v) >= FAST_MAX
                || v == 0 && Double.doubleToRawLongBits(v) != 0) {   // -0.0 is "-0.00" for the formatter
            return String.format(Locale.ROOT, "%." + decimals + "f", v);
        }
        long ten = TENS[decimals];
        double scaled = Math.abs(v) * ten;
        double fraction = scaled - Math.floor(scaled);
        long units;
        if (Math.abs(fraction - 0.5) < 1e-6) {
            // near a tie the formatter rounds the shortest decimal form of v half up (1.005 -> 1.01): do the same
            units = new BigDecimal(Double.toString(Math.abs(v))).setScale(decimals, RoundingMode.HALF_UP)
                    .unscaledValue().longValueExact();
        } else {
            units = Math.round(scaled);
        }
        StringBuilder s = new StringBuilder(24);
        if (v < 0) {
            s.append('-');   // also for a negative number that rounds to zero, as the formatter does: -0.001 -> -0.00
        }
        s.append(units / ten);
        if (decimals > 0) {
            s.append('.');
            String digits = Long.toString(units % ten);
            for (int i = digits.length(); i < decimals; i++) {
                s.append('0');
            }
            s.append(digits);
        }
        return s.toString();
    }

    /** {@code String.format(Locale.ROOT, "%,d", n)}: {@code 12345} -> {@code 12,345}. */
    public static String grouped(long n) {
        if (n > -1000 && n < 1000) {
            return Long.toString(n);
        }
        String digits = Long.toString(n);
        int start = n < 0 ? 1 : 0;
        int len = digits.length() - start;
        StringBuilder s = new StringBuilder(digits.length() + len / 3);
        s.append(digits, 0, start);
        int first = len % 3 == 0 ? 3 : len % 3;
        s.append(digits, start, start + first);
        for (int i = start + first; i < digits.length(); i += 3) {
            s.append(',').append(digits, i, i + 3);
        }
        return s.toString();
    }
}
