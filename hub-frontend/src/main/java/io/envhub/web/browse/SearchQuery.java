package io.envhub.web.browse;

import io.envhub.contract.SearchSort;
import io.envhub.contract.TaskType;
import io.envhub.web.hub.Verdicts;
import io.quarkus.qute.TemplateData;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The search page's query as the URL carries it, and the links that change one part of it (add or remove a tag,
 * another page, sort, task or status). Values are passed to the backend as given: it validates them and its 400 problems are
 * shown next to the search box.
 *
 * @param q free text, null for none
 * @param tags required tags
 * @param validated only environments with a validated version
 * @param task task type (single-turn, multi-turn, tool-use), null for any
 * @param status verdict (verified, flagged, static-only, failed, validating, error), null for any
 * @param sort sort order as asked, null for the default
 * @param page page as asked (1-based), null for the first
 * @param domain research domain (medicine, biology, ...), null for any
 * @param license licence, null for any
 */
@TemplateData
public record SearchQuery(String q, List<String> tags, boolean validated, String task, String status, String sort,
                          String page, String domain, String license) {
    /** Task types the hub knows. */
    public static final List<String> TASKS = TaskType.wires();
    /** Sort orders offered (relevance only with text). */
    public static final List<String> SORTS = SearchSort.offered(false);

    public SearchQuery {
        tags = List.copyOf(tags);
    }

    /** From raw query parameters, without domain and licence; blanks are absent. */
    public static SearchQuery of(String q, List<String> tags, String validated, String task, String status, String sort,
                                 String page) {
        return of(q, tags, validated, task, status, sort, page, null, null);
    }

    /** From raw query parameters; blanks are absent. */
    public static SearchQuery of(String q, List<String> tags, String validated, String task, String status, String sort,
                                 String page, String domain, String license) {
        List<String> wanted = new ArrayList<>();
        for (String t : tags == null ? List.<String>of() : tags) {
            if (t != null && !t.isBlank() && !wanted.contains(t.strip().toLowerCase(Locale.ROOT))) {
                wanted.add(t.strip().toLowerCase(Locale.ROOT));
            }
        }
        return new SearchQuery(blank(q), wanted, "true".equalsIgnoreCase(validated) || "on".equalsIgnoreCase(validated),
                blank(task), blank(status), blank(sort), blank(page), blank(domain), blank(license));
    }

    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** The sort in effect, as the backend defaults it. */
    public String effectiveSort() {
        return sort != null ? sort : SearchSort.defaultFor(q != null).wire();
    }

    /** The sorts offered for this query. */
    public List<String> sorts() {
        return q == null ? SORTS : SearchSort.offered(true);
    }

    /** The task types. */
    public List<String> tasks() {
        return TASKS;
    }

    /** The verdict codes offered by the status filter. */
    public List<String> statuses() {
        return Verdicts.CODES;
    }

    /** The filter's words for a verdict code. */
    public String statusName(String code) {
        return Verdicts.filterLabel(code);
    }

    /** Whether a tag is among the required ones. */
    public boolean hasTag(String tag) {
        return tags.contains(tag);
    }

    /** The page number asked for (1 when absent or unreadable). */
    public int pageNumber() {
        try {
            return page == null ? 1 : Math.max(1, Integer.parseInt(page));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** This query's URL. */
    public String href() {
        return build(q, tags, validated, task, status, sort, page, domain, license);
    }

    /** The URL with one more required tag (back to page 1). */
    public String withTag(String tag) {
        List<String> more = new ArrayList<>(tags);
        if (!more.contains(tag)) {
            more.add(tag);
        }
        return build(q, more, validated, task, status, sort, null, domain, license);
    }

    /** The URL without a tag (back to page 1). */
    public String withoutTag(String tag) {
        List<String> fewer = new ArrayList<>(tags);
        fewer.remove(tag);
        return build(q, fewer, validated, task, status, sort, null, domain, license);
    }

    /** The URL with another task type, or none (back to page 1). */
    public String withTask(String newTask) {
        return build(q, tags, validated, newTask, status, sort, null, domain, license);
    }

    /** The URL with another verdict filter, or none (back to page 1). */
    public String withStatus(String newStatus) {
        return build(q, tags, validated, task, newStatus, sort, null, domain, license);
    }

    /** The URL with another research domain, or none (back to page 1). */
    public String withDomain(String newDomain) {
        return build(q, tags, validated, task, status, sort, null, newDomain, license);
    }

    /** The URL with another licence, or none (back to page 1). */
    public String withLicense(String newLicense) {
        return build(q, tags, validated, task, status, sort, null, domain, newLicense);
    }

    /** The URL of another page. */
    public String withPage(int n) {
        return build(q, tags, validated, task, status, sort, n <= 1 ? null : Integer.toString(n), domain, license);
    }

    private static String build(String q, List<String> tags, boolean validated, String task, String status, String sort,
                                String page, String domain, String license) {
        StringJoiner params = new StringJoiner("&");
        add(params, "q", q);
        tags.forEach(t -> add(params, "tag", t));
        add(params, "validated", validated ? "true" : null);
        add(params, "task", task);
        add(params, "status", status);
        add(params, "domain", domain);
        add(params, "license", license);
        add(params, "sort", sort);
        add(params, "page", page);
        return params.length() == 0 ? "/search" : "/search?" + params;
    }

    private static void add(StringJoiner params, String name, String value) {
        if (value != null) {
            params.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }
}
