package io.envhub.validator.check;

import io.envhub.format.name.ProjectName;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The requirements a verifiers v1 taskset package needs without declaring them: {@code verifiers} itself (the
 * packages of the verifiers repository declare only their data libraries, e.g. {@code datasets}, because verifiers
 * runs them). Added when resolving and installing a v1 package, unless it declares verifiers (with or without extras).
 */
final class V1Requirements {
    static final String VERIFIERS = "verifiers";
    private static final Pattern NAME = Pattern.compile("^\\s*([A-Za-z0-9][A-Za-z0-9._-]*)");

    private V1Requirements() {
    }

    /** {@code [verifiers]} unless one of the declared requirements already names it. */
    static List<String> implicit(List<String> declared) {
        for (String requirement : declared) {
            Matcher m = NAME.matcher(requirement);
            if (m.find() && ProjectName.normalize(m.group(1)).equals(VERIFIERS)) {
                return List.of();
            }
        }
        return List.of(VERIFIERS);
    }
}
