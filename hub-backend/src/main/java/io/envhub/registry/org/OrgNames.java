package io.envhub.registry.org;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.util.Set;
import java.util.regex.Pattern;

/** The rules for organisation names: lowercase letters, digits and single hyphens, 2..39 characters, not reserved. */
public final class OrgNames {
    /**
     * Names that would clash with the hub's own paths: the backend's and hub-frontend's top-level routes (and static
     * folders), plus words that would mislead in {@code owner/name}.
     */
    public static final Set<String> RESERVED = Set.of("api", "simple", "settings", "signup", "login", "logout", "account",
            "admin", "new", "search", "explore", "static", "css", "js", "q", "bounties", "sponsor", "orgs", "owners", "tokens",
            "me", "environments", "internal", "help", "about", "docs", "health", "metrics", "favicon");
    static final int MIN_LENGTH = 2;
    static final int MAX_LENGTH = 39;
    private static final Pattern SHAPE = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    private OrgNames() {
    }

    /** Returns the name if it is acceptable for a new organisation; a 400 with a code otherwise. */
    public static String requireValid(String name) {
        if (name != null && RESERVED.contains(name)) {
            throw new ApiException.Invalid(ProblemCode.RESERVED_NAME, "'" + name + "' is reserved; choose another name.");
        }
        if (name == null || name.length() < MIN_LENGTH || name.length() > MAX_LENGTH || !SHAPE.matcher(name).matches()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ORG_NAME, "An organisation name has " + MIN_LENGTH + " to " + MAX_LENGTH
                    + " characters: lowercase letters, digits and single hyphens, not at the start or end.");
        }
        return name;
    }
}
