package io.envhub.contract;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The sort orders of the environment search ({@code sort=} of {@code GET /api/v1/search} and of the web search page).
 * {@link #RELEVANCE} applies only to a search with text; without text it is {@link #DOWNLOADS}.
 */
public enum SearchSort {
    /** Best text match first (the default with text). */
    RELEVANCE("relevance"),
    /** Most downloaded first (the default without text). */
    DOWNLOADS("downloads"),
    /** Most starred first. */
    STARS("stars"),
    /** Most recently updated first. */
    RECENT("recent"),
    /** By name. */
    NAME("name"),
    /** Most downloaded over the last days first, then by total downloads. */
    TRENDING("trending");

    private final String wire;

    SearchSort(String wire) {
        this.wire = wire;
    }

    /** The word on the wire, e.g. {@code trending}. */
    public String wire() {
        return wire;
    }

    /** The sort a search gets when it asks for none. */
    public static SearchSort defaultFor(boolean hasText) {
        return hasText ? RELEVANCE : DOWNLOADS;
    }

    /** The sort named by {@code word} (ignoring case and surrounding blanks); empty for null or an unknown word. */
    public static Optional<SearchSort> find(String word) {
        if (word == null) {
            return Optional.empty();
        }
        String w = word.strip().toLowerCase(Locale.ROOT);
        return Stream.of(values()).filter(s -> s.wire.equals(w)).findFirst();
    }

    /** Every word, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(SearchSort::wire).toList();
    }

    /** The words offered for a search: {@link #RELEVANCE} only with text. */
    public static List<String> offered(boolean hasText) {
        return Stream.of(values()).filter(s -> hasText || s != RELEVANCE).map(SearchSort::wire).toList();
    }
}
