package io.envhub.web.report;

import io.envhub.web.admin.Target;
import io.quarkus.qute.TemplateData;
import java.util.List;

/**
 * The report form's values and its inline error.
 *
 * @param target the target as typed ({@code owner/name}, {@code owner/name@version}, {@code owner/name/evals/<id>},
 *        {@code bounty:<id>})
 * @param reason the reason code picked
 * @param text the user's words
 * @param error what to fix, or null
 */
@TemplateData
public record ReportForm(String target, String reason, String text, String error) {
    /** Longest text accepted. */
    static final int MAX_TEXT = 2000;

    /** An empty form about {@code target}. */
    static ReportForm about(String target) {
        return new ReportForm(target == null ? "" : target.strip(), "", "", null);
    }

    /** The posted form, with the first thing to fix in {@link #error()}. */
    static ReportForm posted(String target, String reason, String text) {
        String t = target == null ? "" : target.strip();
        String r = reason == null ? "" : reason.strip();
        String x = text == null ? "" : text.strip();
        String error = null;
        if (Target.parse(t) == null) {
            error = "Report an environment (owner/name), a version (owner/name@version), an evaluation run"
                    + " (owner/name/evals/id) or a bounty (bounty:id).";
        } else if (!ReportReasons.known(r)) {
            error = "Pick the reason from the list.";
        } else if (x.isEmpty()) {
            error = "Say what is wrong, so an admin can check it.";
        } else if (x.length() > MAX_TEXT) {
            error = "The text may have at most " + MAX_TEXT + " characters.";
        }
        return new ReportForm(t, r, x, error);
    }

    ReportForm refused(String message) {
        return new ReportForm(target, reason, text, message);
    }

    /** The reasons to pick from. */
    public List<ReportReasons.Reason> reasons() {
        return ReportReasons.ALL;
    }

    /** Words for the target ("alice/maze 1.0.0"). */
    public String label() {
        Target t = Target.parse(target);
        return t == null ? target : t.label();
    }

    /** Where the target's page is, or null. */
    public String href() {
        Target t = Target.parse(target);
        return t == null ? null : t.href();
    }
}
