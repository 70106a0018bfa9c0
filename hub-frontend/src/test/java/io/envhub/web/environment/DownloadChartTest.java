package io.envhub.web.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.api.DayCount;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DownloadChartTest {
    @Test
    void oneBarPerDayScaledToTheBusiestDay() {
        List<DayCount> days = new ArrayList<>();
        LocalDate start = LocalDate.of(2026, 11, 1);
        for (int i = 0; i < 30; i++) {
            days.add(new DayCount(start.plusDays(i), i == 29 ? 4 : i == 28 ? 2 : 0));
        }
        String svg = DownloadChart.svg(days);
        assertEquals(30, svg.split("<rect ").length - 1);
        assertTrue(svg.contains("aria-label=\"6 downloads in the last 30 days\""), svg);
        assertTrue(svg.contains("y=\"0.00\" width=\"8.00\" height=\"60.00\"><title>2026-11-30: 4 downloads</title>"), svg);
        assertTrue(svg.contains("height=\"30.00\"><title>2026-11-29: 2 downloads</title>"), svg);
        assertEquals(6, DownloadChart.total(days));
    }
}
