package io.envhub.web.evaluation;

import io.envhub.contract.api.HubEvalRequest;
import io.envhub.web.settings.ApiProblem;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The "Run an evaluation on the hub" form as typed (issue 33): the model endpoint, the model, how many examples and
 * rollouts, the sampling temperature and token limit, and one error per field. The API key is a field of the request
 * only: this record never holds it, so a form shown again (after a refusal) never echoes it back into the page.
 *
 * @param baseUrl the OpenAI-compatible endpoint's base URL as typed
 * @param model the model name as typed
 * @param examples examples as typed
 * @param rollouts rollouts per example as typed
 * @param temperature sampling temperature as typed (blank: the endpoint's default)
 * @param maxTokens max tokens as typed (blank: the endpoint's default)
 * @param errors field name ({@code baseUrl}, {@code model}, {@code apiKey}, {@code examples}, {@code rollouts},
 *        {@code temperature}, {@code maxTokens}) or {@code form} to its message
 * @param open whether the form is shown unfolded (it is after a refusal)
 */
public record HubRunForm(String baseUrl, String model, String examples, String rollouts, String temperature,
                         String maxTokens, Map<String, String> errors, boolean open) {
    /** Most examples a form may ask for (the API applies its own, possibly lower, limits). */
    static final int MAX_EXAMPLES = 10_000;
    /** Most rollouts per example a form may ask for. */
    static final int MAX_ROLLOUTS = 100;
    /** Longest API key accepted. */
    static final int MAX_KEY = 4096;

    /** The empty form with its defaults (5 examples, 1 rollout each, temperature 0.7, 512 tokens). */
    public static HubRunForm blank() {
        return new HubRunForm("", "", "5", "1", "0.7", "512", Map.of(), false);
    }

    /** The form as posted (every value stripped, null read as blank). */
    public static HubRunForm of(String baseUrl, String model, String examples, String rollouts, String temperature,
                                String maxTokens) {
        return new HubRunForm(strip(baseUrl), strip(model), strip(examples), strip(rollouts), strip(temperature),
                strip(maxTokens), Map.of(), true);
    }

    /** The error of a field, or null. */
    public String error(String field) {
        return errors.get(field);
    }

    /** Whether a field has an error. */
    public boolean has(String field) {
        return errors.containsKey(field);
    }

    /** This form with the errors found in it and in the key (empty when it may be sent). */
    public HubRunForm checked(String apiKey) {
        Map<String, String> out = new LinkedHashMap<>();
        if (baseUrl.isEmpty()) {
            out.put("baseUrl", "Give the endpoint's base URL, e.g. https://api.example.com/v1.");
        } else if (!httpUrl(baseUrl)) {
            out.put("baseUrl", "The base URL must be an http:// or https:// URL with a host, e.g. https://api.example.com/v1.");
        }
        if (model.isEmpty()) {
            out.put("model", "Name the model the endpoint serves, e.g. gpt-4.1-mini.");
        } else if (model.length() > 200) {
            out.put("model", "The model name is longer than 200 characters.");
        }
        if (apiKey != null && apiKey.length() > MAX_KEY) {
            out.put("apiKey", "The API key is longer than " + MAX_KEY + " characters.");
        }
        whole(out, "examples", examples, 1, MAX_EXAMPLES, "Examples");
        whole(out, "rollouts", rollouts, 1, MAX_ROLLOUTS, "Rollouts per example");
        if (!temperature.isEmpty()) {
            Double t = decimal(temperature);
            if (t == null || t < 0 || t > 2) {
                out.put("temperature", "Temperature is a number from 0 to 2 (or blank for the endpoint's default).");
            }
        }
        if (!maxTokens.isEmpty()) {
            whole(out, "maxTokens", maxTokens, 1, 1_000_000, "Max tokens");
        }
        return with(out);
    }

    /** The request to send (call only on a form without errors); a blank key is sent as none. */
    public HubEvalRequest request(String apiKey) {
        Map<String, Object> sampling = new LinkedHashMap<>();
        if (!temperature.isEmpty()) {
            sampling.put("temperature", decimal(temperature));
        }
        if (!maxTokens.isEmpty()) {
            sampling.put("max_tokens", Integer.parseInt(maxTokens));
        }
        return new HubEvalRequest(baseUrl, model, apiKey == null || apiKey.isBlank() ? null : apiKey,
                Integer.parseInt(examples), Integer.parseInt(rollouts), sampling);
    }

    /**
     * This form with the API's refusal next to the field it names (the endpoint's host not allowed is the base URL's
     * problem; a detail naming a request member is that member's), else above the form.
     */
    public HubRunForm refused(ApiProblem problem) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(fieldOf(problem), problem.detail());
        return with(out);
    }

    /** The field a refusal is about, or {@code form}. */
    static String fieldOf(ApiProblem problem) {
        String code = problem.code() == null ? "" : problem.code().toLowerCase(Locale.ROOT);
        if (code.contains("host") || code.contains("url") || code.contains("endpoint")) {
            return "baseUrl";
        }
        String detail = problem.detail() == null ? "" : problem.detail();
        for (Map.Entry<String, String> e : MEMBERS.entrySet()) {
            if (detail.contains(e.getKey())) {
                return e.getValue();
            }
        }
        return "form";
    }

    /** Request members (as the API names them in its details) and their form fields; the longest names first. */
    private static final Map<String, String> MEMBERS = members();

    private static Map<String, String> members() {
        Map<String, String> m = new LinkedHashMap<>();
        for (List<String> pair : List.of(List.of("rolloutsPerExample", "rollouts"), List.of("max_tokens", "maxTokens"),
                List.of("temperature", "temperature"), List.of("baseUrl", "baseUrl"), List.of("apiKey", "apiKey"),
                List.of("examples", "examples"), List.of("model", "model"))) {
            m.put(pair.get(0), pair.get(1));
        }
        return m;
    }

    private HubRunForm with(Map<String, String> errors) {
        return new HubRunForm(baseUrl, model, examples, rollouts, temperature, maxTokens, Map.copyOf(errors),
                open || !errors.isEmpty());
    }

    private static void whole(Map<String, String> out, String field, String value, int min, int max, String label) {
        Integer n = value.matches("[0-9]{1,9}") ? Integer.valueOf(value) : null;
        if (n == null || n < min || n > max) {
            out.put(field, label + " is a whole number from " + min + " to " + max + ".");
        }
    }

    private static Double decimal(String value) {
        if (!value.matches("[0-9]{1,3}(\\.[0-9]{1,6})?|\\.[0-9]{1,6}")) {
            return null;
        }
        return Double.valueOf(value);
    }

    private static boolean httpUrl(String value) {
        if (value.length() > 2000) {
            return false;
        }
        try {
            URI uri = new URI(value);
            return ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getHost() != null && uri.getUserInfo() == null;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    private static String strip(String value) {
        return value == null ? "" : value.strip();
    }
}
