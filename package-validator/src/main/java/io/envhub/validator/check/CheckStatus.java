package io.envhub.validator.check;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Outcome of one check. Only {@link #FAIL} fails a version; {@link #WARN} is shown, {@link #SKIP} says why not run. */
public enum CheckStatus {
    /** The check ran and found nothing wrong. */
    PASS,
    /** The check found something a user should know (trust report, missing README or license). */
    WARN,
    /** The check found a reason to refuse the version. */
    FAIL,
    /** The check could not run (an earlier check failed, or a dependency is not available). */
    SKIP;

    /**
     * The JSON form.
     *
     * @return lower-case name
     */
    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
