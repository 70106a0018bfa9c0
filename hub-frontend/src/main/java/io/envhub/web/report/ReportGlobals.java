package io.envhub.web.report;

import io.quarkus.qute.TemplateExtension;
import java.util.List;

/** What every page's report form needs ({@code report:reasons} in templates, user tags included). */
@TemplateExtension(namespace = "report")
public final class ReportGlobals {
    private ReportGlobals() {
    }

    /** The report reasons, in the order the form offers them. */
    public static List<ReportReasons.Reason> reasons() {
        return ReportReasons.ALL;
    }
}
