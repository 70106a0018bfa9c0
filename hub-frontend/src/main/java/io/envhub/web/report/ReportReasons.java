package io.envhub.web.report;

import io.quarkus.qute.TemplateData;
import java.util.List;

/** The reasons a user picks from when reporting, as the API names them, with their words for people. */
public final class ReportReasons {
    /** One reason. */
    @TemplateData
    public record Reason(String code, String label) {
    }

    /** Every reason, in the order the form offers them. */
    public static final List<Reason> ALL = List.of(
            new Reason("malware", "Malware or sandbox escape attempt"),
            new Reason("stolen-data", "Stolen or unlicensed data"),
            new Reason("broken-reward", "Reward function broken or gameable"),
            new Reason("spam", "Spam"),
            new Reason("other", "Other"));

    private ReportReasons() {
    }

    /** Whether {@code code} is one of the reasons. */
    public static boolean known(String code) {
        return ALL.stream().anyMatch(r -> r.code().equals(code));
    }

    /** The words for a reason code (the code itself when unknown). */
    public static String label(String code) {
        return ALL.stream().filter(r -> r.code().equals(code)).map(Reason::label).findFirst().orElse(code);
    }
}
