package io.envhub.web.report;

import io.quarkus.qute.TemplateGlobal;
import java.util.List;

/** What every page's report form needs: the reasons to pick from. */
@TemplateGlobal
public final class ReportGlobals {
    /** The report reasons, in the order the form offers them. */
    public static final List<ReportReasons.Reason> reportReasons = ReportReasons.ALL;

    private ReportGlobals() {
    }
}
