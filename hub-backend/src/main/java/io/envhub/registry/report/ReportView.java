package io.envhub.registry.report;

import java.time.OffsetDateTime;

/**
 * A report as its reporter ({@code GET /api/v1/me/reports}) and the admins see it.
 *
 * @param target      canonical: {@code owner/name}, {@code owner/name@version}, {@code owner/name/evals/<run id>} or
 *                    {@code bounty:<id>}
 * @param targetKind  {@code environment}, {@code version}, {@code eval-run} or {@code bounty}
 * @param reason      one of {@link ReportService#REASONS}
 * @param state       {@code open}, {@code dismissed} or {@code actioned}
 * @param resolutionNote  the admin's note when dismissed, or what was done when actioned
 */
public record ReportView(long id, String target, String targetKind, String reason, String text, String state,
                         String reporter, OffsetDateTime createdAt, OffsetDateTime resolvedAt, String resolutionNote) {
}
