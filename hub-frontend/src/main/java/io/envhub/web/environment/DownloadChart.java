package io.envhub.web.environment;

import io.envhub.contract.api.DayCount;
import io.envhub.web.view.Numbers;
import java.util.List;

/**
 * The downloads-per-day chart as inline SVG, drawn on the server (no script): one bar per day, each with a
 * {@code <title>} tooltip. Only numbers and ISO dates go into the markup.
 */
public final class DownloadChart {
    static final int WIDTH = 300;
    static final int HEIGHT = 60;

    private DownloadChart() {
    }

    /** The chart's SVG markup. */
    public static String svg(List<DayCount> days) {
        long max = days.stream().mapToLong(DayCount::count).max().orElse(0);
        long total = days.stream().mapToLong(DayCount::count).sum();
        double slot = days.isEmpty() ? WIDTH : (double) WIDTH / days.size();
        double bar = Math.max(1, slot * 0.8);
        StringBuilder svg = new StringBuilder(256 + days.size() * 120);
        svg.append("<svg class=\"chart\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT + 2)
                .append("\" role=\"img\" aria-label=\"").append(total).append(" downloads in the last ").append(days.size())
                .append(" days\" preserveAspectRatio=\"none\">");
        svg.append("<line x1=\"0\" y1=\"").append(HEIGHT + 1).append("\" x2=\"").append(WIDTH).append("\" y2=\"")
                .append(HEIGHT + 1).append("\" class=\"axis\"/>");
        for (int i = 0; i < days.size(); i++) {
            DayCount d = days.get(i);
            double h = max == 0 ? 0 : Math.max(d.count() > 0 ? 1 : 0, HEIGHT * d.count() / (double) max);
            svg.append("<rect x=\"").append(num(i * slot)).append("\" y=\"").append(num(HEIGHT - h))
                    .append("\" width=\"").append(num(bar)).append("\" height=\"").append(num(h)).append("\">")
                    .append("<title>").append(d.day()).append(": ").append(d.count())
                    .append(d.count() == 1 ? " download" : " downloads").append("</title></rect>");
        }
        return svg.append("</svg>").toString();
    }

    /** Total downloads over the days. */
    public static long total(List<DayCount> days) {
        return days.stream().mapToLong(DayCount::count).sum();
    }

    private static String num(double v) {
        return Numbers.fixed(v, 2);   // String.format(Locale.ROOT, "%.2f", v), without a formatter per number
    }
}
