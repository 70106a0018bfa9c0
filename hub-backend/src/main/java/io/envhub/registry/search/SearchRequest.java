package io.envhub.registry.search;

import io.envhub.registry.environment.Tags;
import io.envhub.registry.error.ApiException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A validated search: free text (optional), tags that must all be present, an owner, the sort and the page.
 *
 * @param text the query text, null for none
 * @param tags required tags (AND), normalized
 * @param owner owner name, null for any
 * @param sort sort order (relevance only when there is text)
 * @param page 1-based page number
 * @param size page size
 */
public record SearchRequest(String text, List<String> tags, String owner, Sort sort, int page, int size) {
    /** Sort orders. */
    public enum Sort { RELEVANCE, DOWNLOADS, STARS, RECENT, NAME }

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

    public SearchRequest {
        tags = List.copyOf(tags);
    }

    /** Validates raw query parameters; 400 with a specific code for each mistake. */
    public static SearchRequest parse(String q, List<String> tags, String owner, String sort, String page, String size) {
        String text = q == null || q.isBlank() ? null : q.strip();
        if (text != null && text.length() > MAX_TEXT) {
            throw new ApiException.Invalid("query-too-long", "The query may have at most " + MAX_TEXT + " characters.");
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
            throw new ApiException.Invalid("too-many-tags", "Filter by at most " + MAX_TAGS + " tags.");
        }
        int p = number(page, 1, "invalid-page", "page");
        if (p < 1 || p > MAX_PAGE) {
            throw new ApiException.Invalid("invalid-page", "page must be between 1 and " + MAX_PAGE + ".");
        }
        int s = number(size, DEFAULT_SIZE, "invalid-page-size", "size");
        if (s < 1 || s > MAX_SIZE) {
            throw new ApiException.Invalid("invalid-page-size", "size must be between 1 and " + MAX_SIZE + ".");
        }
        return new SearchRequest(text, wanted, owner == null || owner.isBlank() ? null : owner.strip(),
                parseSort(sort, text != null), p, s);
    }

    private static int number(String value, int otherwise, String code, String name) {
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new ApiException.Invalid(code, name + " must be a whole number.");
        }
    }

    private static Sort parseSort(String sort, boolean hasText) {
        if (sort == null || sort.isBlank()) {
            return hasText ? Sort.RELEVANCE : Sort.DOWNLOADS;
        }
        Sort parsed;
        try {
            parsed = Sort.valueOf(sort.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ApiException.Invalid("invalid-sort", "sort must be one of relevance, downloads, stars, recent, name.");
        }
        return parsed == Sort.RELEVANCE && !hasText ? Sort.DOWNLOADS : parsed;
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
