package io.envhub.registry.report;

import io.envhub.contract.event.Notice;
import io.envhub.contract.event.NotificationKind;
import io.envhub.registry.event.EventOutbox;
import io.envhub.registry.event.People;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Notices of reports, in the transaction of the change: admins hear of a new report; the people behind a reported
 * environment hear that a report on it was handled (dismissed, or acted on).
 */
@ApplicationScoped
public class ReportNotices {
    /** Notice types (notifications only, no webhook event). */
    static final String CREATED = "report.created";
    static final String HANDLED = "report.handled";

    private final EventOutbox outbox;
    private final People people;

    public ReportNotices(EventOutbox outbox, People people) {
        this.outbox = outbox;
        this.people = people;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    void created(ReportView report, Long environmentId) {
        String link = "/admin/review?target=" + URLEncoder.encode(report.target(), StandardCharsets.UTF_8);
        outbox.notice(CREATED, report, new EventOutbox.Scope(environmentId, null), List.of(new Notice(Notice.ADMINS,
                NotificationKind.ADMIN_REPORT.wire(), "New report (" + report.reason() + ") on " + report.target(), link)));
    }

    @Transactional(Transactional.TxType.MANDATORY)
    void handled(String target, Long ownerId, String outcome) {
        if (ownerId == null) {
            return;
        }
        String path = target.contains("@") ? target.substring(0, target.indexOf('@')) : target;
        List<Notice> notify = people.managersOf(ownerId).stream().map(u -> new Notice(u, NotificationKind.REPORT_HANDLED.wire(),
                "A report on " + target + " was " + outcome, "/" + path)).toList();
        outbox.notice(HANDLED, Map.of("target", target, "outcome", outcome), EventOutbox.Scope.NONE, notify);
    }
}
