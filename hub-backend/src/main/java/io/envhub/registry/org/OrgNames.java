package io.envhub.registry.org;

import io.envhub.kit.error.ApiException;
import java.util.Set;
import java.util.regex.Pattern;

/** The rules for organisation names: lowercase letters, digits and single hyphens, 2..39 characters, not reserved. */
public final class OrgNames {
    /** Names that would clash with the hub's own paths. */
    public static final Set<String> RESERVED = Set.of("api", "simple", "settings", "login", "logout", "account", "admin",
            "new", "search", "static", "css", "q", "bounties", "orgs", "tokens");
    static final int MIN_LENGTH = 2;
    static final int MAX_LENGTH = 39;
    private static final Pattern SHAPE = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    private OrgNames() {
    }

    /** Returns the name if it is acceptable for a new organisation; a 400 with a code otherwise. */
    public static String requireValid(String name) {
        if (name != null && RESERVED.contains(name)) {
            throw new ApiException.Invalid("reserved-name", "'" + name + "' is reserved; choose another name.");
        }
        if (name == null || name.length() < MIN_LENGTH || name.length() > MAX_LENGTH || !SHAPE.matcher(name).matches()) {
            throw new ApiException.Invalid("invalid-org-name", "An organisation name has " + MIN_LENGTH + " to " + MAX_LENGTH
                    + " characters: lowercase letters, digits and single hyphens, not at the start or end.");
        }
        return name;
    }
}
