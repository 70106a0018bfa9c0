package io.envhub.web.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Numbers} writes what {@code String.format(Locale.ROOT, ...)} writes, ties and signs included. */
class NumbersTest {
    @Test
    void fixedMatchesTheFormatter() {
        double[] values = {0, -0.0, 0.005, 0.015, 0.125, 1.005, 2.675, 1.115, 10.0 / 3, 8.0, 9.995, 59.999, 60, 300,
                -0.001, -1.005, -12.345, 0.045, 1e11 + 0.5, 123456.785, Double.NaN, Double.POSITIVE_INFINITY, 1e13,
                Double.MIN_VALUE, 4.35, 0.5, 1.5, 2.5};
        for (double v : values) {
            for (int d = 0; d <= 3; d++) {
                assertEquals(String.format(Locale.ROOT, "%." + d + "f", v), Numbers.fixed(v, d), v + " with " + d);
            }
        }
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 20_000; i++) {
            // the chart's numbers (slots of 300/days, heights scaled to 60) and some of any magnitude
            double v = switch (i % 4) {
                case 0 -> random.nextInt(1, 366) * (300.0 / random.nextInt(1, 366));
                case 1 -> 60 - 60 * random.nextLong(0, 10_000) / (double) random.nextLong(1, 10_000);
                case 2 -> random.nextInt(-100_000, 100_000) / 1000.0;
                default -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-4, 11));
            };
            int d = random.nextInt(0, 4);
            assertEquals(String.format(Locale.ROOT, "%." + d + "f", v), Numbers.fixed(v, d), v + " with " + d);
        }
    }

    @Test
    void groupedMatchesTheFormatter() {
        long[] values = {0, 7, 999, 1000, -1000, 12345, 999_999, 1_000_000, -987_654_321, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long n : values) {
            assertEquals(String.format(Locale.ROOT, "%,d", n), Numbers.grouped(n), Long.toString(n));
        }
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 20_000; i++) {
            long n = random.nextLong() >> random.nextInt(0, 64);
            assertEquals(String.format(Locale.ROOT, "%,d", n), Numbers.grouped(n), Long.toString(n));
        }
    }
}
