package io.envhub.web.settings;

import io.envhub.web.hub.SettingsClient.Environment;
import io.envhub.web.hub.SettingsClient.SettingsPatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The environment settings form (summary, visibility, tags) as shown or posted, checked by the same rules as the hub
 * before it is sent; the hub's refusals are mapped back onto their field ({@link #apiRefused(ApiProblem)}).
 *
 * @param summary one line
 * @param visibility {@code public} or {@code private}
 * @param tags comma- or space-separated tags as typed
 * @param errors field name to message
 */
public record EnvironmentForm(String summary, String visibility, String tags, Map<String, String> errors) {
    /** Longest summary the hub accepts. */
    public static final int MAX_SUMMARY = 512;
    /** Most tags the hub accepts. */
    public static final int MAX_TAGS = 20;
    private static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9-]{0,49}");
    private static final Pattern SEPARATORS = Pattern.compile("[,\\s]+");

    public EnvironmentForm {
        errors = new LinkedHashMap<>(errors == null ? Map.of() : errors);
    }

    /** The form filled with the environment's current settings. */
    public static EnvironmentForm of(Environment env) {
        return new EnvironmentForm(env.summary() == null ? "" : env.summary(), env.visibility(),
                env.tags() == null ? "" : String.join(", ", env.tags()), Map.of());
    }

    /** Checks a posted form. */
    public static EnvironmentForm posted(String summary, String visibility, String tags) {
        String s = summary == null ? "" : summary.strip();
        String v = visibility == null ? "" : visibility.strip();
        String t = tags == null ? "" : tags.strip();
        Map<String, String> errors = new LinkedHashMap<>();
        if (s.length() > MAX_SUMMARY || s.contains("\n") || s.contains("\r")) {
            errors.put("summary", "The summary is one line of at most " + MAX_SUMMARY + " characters.");
        }
        if (!"public".equals(v) && !"private".equals(v)) {
            errors.put("visibility", "Choose public or private.");
        }
        List<String> list = tagList(t);
        for (String tag : list) {
            if (!TAG.matcher(tag).matches()) {
                errors.put("tags", "Tag '" + tag + "' is not valid: use 1 to 50 lower-case letters, digits and '-',"
                        + " starting with a letter or digit.");
                break;
            }
        }
        if (!errors.containsKey("tags") && list.size() > MAX_TAGS) {
            errors.put("tags", "At most " + MAX_TAGS + " tags, not " + list.size() + ".");
        }
        return new EnvironmentForm(s, v, t, errors);
    }

    /** Whether no field has an error. */
    public boolean valid() {
        return errors.isEmpty();
    }

    /** The change to send (every field, so that what the form shows is what is saved). */
    public SettingsPatch patch() {
        return new SettingsPatch(summary, visibility, tagList(tags));
    }

    /** The form with the hub's refusal next to the field it concerns (or above the form). */
    public EnvironmentForm apiRefused(ApiProblem problem) {
        String field = problem.known().map(code -> switch (code) {
            case INVALID_SUMMARY -> "summary";
            case INVALID_VISIBILITY -> "visibility";
            case INVALID_TAG, TOO_MANY_TAGS -> "tags";
            default -> "form";
        }).orElse("form");
        Map<String, String> more = new LinkedHashMap<>(errors);
        more.put(field, problem.detail());
        return new EnvironmentForm(summary, visibility, tags, more);
    }

    private static List<String> tagList(String tags) {
        List<String> out = new ArrayList<>();
        for (String part : SEPARATORS.split(tags == null ? "" : tags.strip())) {
            String tag = part.toLowerCase(Locale.ROOT);
            if (!tag.isEmpty() && !out.contains(tag)) {
                out.add(tag);
            }
        }
        return out;
    }
}
