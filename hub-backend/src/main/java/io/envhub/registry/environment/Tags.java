package io.envhub.registry.environment;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Environment tags: lower-case, PEP 503-like ({@code [a-z0-9][a-z0-9-]{0,49}}), at most {@value #MAX_TAGS}. */
public final class Tags {
    /** Most tags one environment may carry. */
    public static final int MAX_TAGS = 20;

    private static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9-]{0,49}");

    private Tags() {
    }

    /** One tag, trimmed and lower-cased; 400 {@code invalid-tag} when it breaks the rule. */
    public static String normalize(String tag) {
        String t = tag == null ? "" : tag.strip().toLowerCase(Locale.ROOT);
        if (!TAG.matcher(t).matches()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TAG, "Tag '" + tag + "' is not valid: use 1 to 50 lower-case letters,"
                    + " digits and '-', starting with a letter or digit.");
        }
        return t;
    }

    /** A list of tags, each normalized, duplicates dropped (first kept), at most {@value #MAX_TAGS}. */
    public static List<String> normalizeAll(List<String> tags) {
        Set<String> out = new LinkedHashSet<>();
        for (String tag : tags) {
            out.add(normalize(tag));
        }
        if (out.size() > MAX_TAGS) {
            throw new ApiException.Invalid(ProblemCode.TOO_MANY_TAGS, "At most " + MAX_TAGS + " tags, not " + out.size() + ".");
        }
        return new ArrayList<>(out);
    }
}
