package io.envhub.web.settings;

import io.envhub.web.hub.SettingsClient.NewToken;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The token creation form as posted, checked field by field before the hub API sees it; what the API refuses is
 * mapped back onto the field it concerns ({@link #apiRefused(ApiProblem)}).
 *
 * @param name the token's name as typed
 * @param scopes the ticked scopes
 * @param expiry a number of days from {@link #EXPIRIES} (every token expires: the hub caps lifetimes at a year)
 * @param errors field name to message
 */
public record TokenForm(String name, List<String> scopes, String expiry, Map<String, String> errors) {
    /** Expiry choices offered, in days (the hub refuses tokens that never expire). */
    public static final List<String> EXPIRIES = List.of("7", "30", "90", "365");
    /** The scopes a token may carry. */
    public static final Set<String> SCOPES = Set.of("read", "publish");
    /** Longest token name (as the hub allows). */
    public static final int MAX_NAME = 100;

    public TokenForm {
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
        errors = new LinkedHashMap<>(errors == null ? Map.of() : errors);
    }

    /** An empty form with the defaults ({@code read}, 30 days). */
    public static TokenForm blank() {
        return new TokenForm("", List.of("read"), "30", Map.of());
    }

    /** Checks a posted form; {@link #valid()} tells whether it may be sent. */
    public static TokenForm posted(String name, List<String> scopes, String expiry) {
        String cleanName = name == null ? "" : name.strip();
        List<String> ticked = new ArrayList<>();
        for (String scope : scopes == null ? List.<String>of() : scopes) {
            if (scope != null && !ticked.contains(scope)) {
                ticked.add(scope);
            }
        }
        Map<String, String> errors = new LinkedHashMap<>();
        if (cleanName.isEmpty()) {
            errors.put("name", "Give the token a name, so that you recognise it later.");
        } else if (cleanName.length() > MAX_NAME) {
            errors.put("name", "The name may have at most " + MAX_NAME + " characters.");
        }
        if (ticked.isEmpty()) {
            errors.put("scopes", "Choose at least one scope.");
        } else if (!SCOPES.containsAll(ticked)) {
            errors.put("scopes", "Scopes are 'read' and 'publish'.");
        }
        String chosen = expiry == null ? "" : expiry.strip();
        if (!EXPIRIES.contains(chosen)) {
            errors.put("expiry", "Choose one of the offered expiry periods (7, 30, 90 or 365 days).");
        }
        return new TokenForm(cleanName, ticked, chosen, errors);
    }

    /** Whether no field has an error. */
    public boolean valid() {
        return errors.isEmpty();
    }

    /** Whether a scope box is ticked (for re-rendering the form). */
    public boolean ticked(String scope) {
        return scopes.contains(scope);
    }

    /** The API request of a valid form. */
    public NewToken request() {
        return new NewToken(name, scopes, Integer.valueOf(expiry));
    }

    /** The same form with the API's refusal shown next to the field it concerns (or above the form). */
    public TokenForm apiRefused(ApiProblem problem) {
        String field = problem.known().map(code -> switch (code) {
            case INVALID_TOKEN_NAME -> "name";
            case INVALID_SCOPES -> "scopes";
            case INVALID_EXPIRY -> "expiry";
            default -> "form";
        }).orElse("form");
        Map<String, String> more = new LinkedHashMap<>(errors);
        more.put(field, problem.detail());
        return new TokenForm(name, scopes, expiry, more);
    }
}
