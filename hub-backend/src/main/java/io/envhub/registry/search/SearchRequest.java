package io.envhub.registry.search;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.SearchSort;
import io.envhub.contract.TaskType;
import io.envhub.kit.domain.Domains;
import io.envhub.registry.environment.Tags;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.TrustVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A validated search: free text (optional), tags that must all be present, an owner, the sort and the page.
 *
 * @param text the query text, null for none
 * @param tags required tags (AND), normalized
 * @param owner owner name, null for any
 * @param sort sort order (relevance only when there is text; trending: downloads over the last
 *     {@value TrendingSql#DAYS} days, then total downloads)
 * @param page 1-based page number
 * @param size page size
 * @param validated only environments with a validated version
 * @param task task type (one of {@link #TASKS}, a required tag), null for any
 * @param statuses verdicts asked for ({@link TrustVerdict#CODES}; any of them matches), empty for any
 * @param domain research domain (one of {@link Domains#ALL}, a required tag), null for any
 * @param license licence as the wheel declares it (compared ignoring case), null for any
 */
public record SearchRequest(String text, List<String> tags, String owner, SearchSort sort, int page, int size,
                            boolean validated, String task, List<String> statuses, String domain, String license) {

    /** The task types (a fixed vocabulary of tags). */
    public static final List<String> TASKS = TaskType.wires();

    /** Page size when none is asked for. */
    public static final int DEFAULT_SIZE = 20;
    /** Largest page size. */
    public static final int MAX_SIZE = 100;
    /** Largest page number. */
    public static final int MAX_PAGE = 10_000;
    /** Most tags in one query. */
    public static final int MAX_TAGS = 10;
    /** Longest query text. */
    public static final int MAX_TEXT = 200;
    /** Longest licence filter (licences longer than this are not offered as facets either). */
    public static final int MAX_LICENSE = 64;

    public SearchRequest {
        tags = List.copyOf(tags);
        statuses = statuses == null ? List.of() : List.copyOf(statuses);
    }

    /** A search by text, tags and owner only (no validated, task or status filter). */
    public static SearchRequest parse(String q, List<String> tags, String owner, String sort, String page, String size) {
        return parse(q, tags, owner, sort, page, size, null, null, null);
    }

    /** A search without a status filter. */
    public static SearchRequest parse(String q, List<String> tags, String owner, String sort, String page, String size,
                                      String validated, String task) {
        return parse(q, tags, owner, sort, page, size, validated, task, null);
    }

    /**
     * Validates raw query parameters; 400 with a specific code for each mistake. {@code status} values may be repeated
     * and may each hold several codes separated by commas ({@code status=verified,flagged}).
     */
    public static SearchRequest parse(String q, List<String> tags, String owner, String sort, String page, String size,
                                      String validated, String task, List<String> status) {
        return parse(q, tags, owner, sort, page, size, validated, task, status, null, null);
    }

    /** Validates raw query parameters, with the domain and licence filters. */
    public static SearchRequest parse(String q, List<String> tags, String owner, String sort, String page, String size,
                                      String validated, String task, List<String> status, String domain, String license) {
        String text = q == null || q.isBlank() ? null : q.strip();
        if (text != null && text.length() > MAX_TEXT) {
            throw new ApiException.Invalid(ProblemCode.QUERY_TOO_LONG, "The query may have at most " + MAX_TEXT + " characters.");
        }
        List<String> wanted = new ArrayList<>();
        for (String tag : tags == null ? List.<String>of() : tags) {
            if (tag != null && !tag.isBlank()) {
                String t = Tags.normalize(tag);
                if (!wanted.contains(t)) {
                    wanted.add(t);
                }
            }
        }
        if (wanted.size() > MAX_TAGS) {
            throw new ApiException.Invalid(ProblemCode.TOO_MANY_TAGS, "Filter by at most " + MAX_TAGS + " tags.");
        }
        int p = number(page, 1, ProblemCode.INVALID_PAGE, "page");
        if (p < 1 || p > MAX_PAGE) {
            throw new ApiException.Invalid(ProblemCode.INVALID_PAGE, "page must be between 1 and " + MAX_PAGE + ".");
        }
        int s = number(size, DEFAULT_SIZE, ProblemCode.INVALID_PAGE_SIZE, "size");
        if (s < 1 || s > MAX_SIZE) {
            throw new ApiException.Invalid(ProblemCode.INVALID_PAGE_SIZE, "size must be between 1 and " + MAX_SIZE + ".");
        }
        return new SearchRequest(text, wanted, owner == null || owner.isBlank() ? null : owner.strip(),
                parseSort(sort, text != null), p, s, parseValidated(validated), parseTask(task), parseStatuses(status),
                parseDomain(domain), parseLicense(license));
    }

    private static String parseDomain(String domain) {
        if (domain == null || domain.isBlank()) {
            return null;
        }
        String d = domain.strip().toLowerCase(Locale.ROOT);
        if (!Domains.ALL.contains(d)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DOMAIN, "domain must be one of " + String.join(", ", Domains.ALL) + ".");
        }
        return d;
    }

    private static String parseLicense(String license) {
        if (license == null || license.isBlank()) {
            return null;
        }
        String l = license.strip();
        if (l.length() > MAX_LICENSE) {
            throw new ApiException.Invalid(ProblemCode.INVALID_LICENSE, "license may have at most " + MAX_LICENSE + " characters.");
        }
        return l;
    }

    private static List<String> parseStatuses(List<String> values) {
        List<String> out = new ArrayList<>();
        for (String value : values == null ? List.<String>of() : values) {
            for (String part : value == null ? new String[0] : value.split(",")) {
                String code = part.strip().toLowerCase(Locale.ROOT);
                if (code.isEmpty()) {
                    continue;
                }
                if (!TrustVerdict.isCode(code)) {
                    throw new ApiException.Invalid(ProblemCode.INVALID_STATUS, "status must be one of "
                            + String.join(", ", TrustVerdict.CODES) + " (repeat it or separate codes with commas).");
                }
                if (!out.contains(code)) {
                    out.add(code);
                }
            }
        }
        return out;
    }

    /**
     * The verdicts a match may have, or null for any: those asked for, narrowed to the runtime-verified ones with
     * {@code validated=true} (possibly none): a static-only version never counts as validated (issue 36 item 9).
     */
    public List<String> statusFilter() {
        if (statuses.isEmpty()) {
            return null;
        }
        return validated ? statuses.stream().filter(TrustVerdict.RUNTIME_VERIFIED::contains).toList() : statuses;
    }

    private static boolean parseValidated(String validated) {
        if (validated == null || validated.isBlank()) {
            return false;
        }
        return switch (validated.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ApiException.Invalid(ProblemCode.INVALID_VALIDATED, "validated must be true or false.");
        };
    }

    private static String parseTask(String task) {
        if (task == null || task.isBlank()) {
            return null;
        }
        String t = task.strip().toLowerCase(Locale.ROOT);
        if (!TASKS.contains(t)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TASK, "task must be one of " + String.join(", ", TASKS) + ".");
        }
        return t;
    }

    /** The tags every match must carry: the tags asked for, plus the task type and the domain. */
    public List<String> requiredTags() {
        List<String> all = new ArrayList<>(tags);
        for (String extra : new String[] {task, domain}) {
            if (extra != null && !all.contains(extra)) {
                all.add(extra);
            }
        }
        return List.copyOf(all);
    }

    private static int number(String value, int otherwise, ProblemCode code, String name) {
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new ApiException.Invalid(code, name + " must be a whole number.");
        }
    }

    private static SearchSort parseSort(String sort, boolean hasText) {
        if (sort == null || sort.isBlank()) {
            return SearchSort.defaultFor(hasText);
        }
        SearchSort parsed = SearchSort.find(sort).orElseThrow(() -> new ApiException.Invalid(ProblemCode.INVALID_SORT,
                "sort must be one of " + String.join(", ", SearchSort.wires()) + "."));
        return parsed == SearchSort.RELEVANCE && !hasText ? SearchSort.DOWNLOADS : parsed;
    }

    /** Rows to skip. */
    public int offset() {
        return (page - 1) * size;
    }

    /** The text as an environment name, for typo-tolerant name matching: {@code Reverse Text} -> {@code reverse-text}. */
    public String nameText() {
        return text == null ? null : text.toLowerCase(Locale.ROOT).replaceAll("[\\s\\-_.]+", "-").replaceAll("^-|-$", "");
    }

    /** The text for full-text search, with name separators as spaces ({@code reverse-text} -> {@code reverse text}). */
    public String wordsText() {
        return text == null ? null : text.replaceAll("(?<=\\w)[-_.](?=\\w)", " ");
    }
}
