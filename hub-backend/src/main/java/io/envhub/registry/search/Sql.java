package io.envhub.registry.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * SQL text built from fragments that carry their own parameters: {@code sql.append("AND e.owner_id = ANY(?)", ids)}
 * adds the text and the value together, so the positional parameters always follow the text, whatever the order the
 * fragments are chosen in. A fragment's {@code ?} marks are counted against its values. {@code Long[]} and
 * {@code String[]} values bind as SQL arrays ({@link SearchService#prepare}).
 */
public final class Sql {
    private final StringBuilder text = new StringBuilder();
    private final List<Object> params = new ArrayList<>();

    /** A fragment without parameters. */
    public static Sql of(String fragment) {
        return new Sql().append(fragment);
    }

    /** A fragment with one {@code ?} and its value. */
    public static Sql of(String fragment, Object value) {
        return new Sql().append(fragment, value);
    }

    /** Appends a fragment without parameters. */
    public Sql append(String fragment) {
        return add(fragment);
    }

    /** Appends a fragment with one {@code ?} and its value (an array binds as one SQL array). */
    public Sql append(String fragment, Object value) {
        return add(fragment, value);
    }

    /** Appends a fragment with two {@code ?} and their values, in order. */
    public Sql append(String fragment, Object first, Object second) {
        return add(fragment, first, second);
    }

    private Sql add(String fragment, Object... values) {
        long marks = fragment.chars().filter(ch -> ch == '?').count();
        if (marks != values.length) {
            throw new IllegalArgumentException(values.length + " value(s) for " + marks + " parameter(s) in: " + fragment);
        }
        text.append(fragment);
        Collections.addAll(params, values);
        return this;
    }

    /** Appends a number or a constant as text (no parameter). */
    public Sql append(long literal) {
        text.append(literal);
        return this;
    }

    /** Appends another built fragment: its text and its values. */
    public Sql append(Sql fragment) {
        text.append(fragment.text);
        params.addAll(fragment.params);
        return this;
    }

    /** The SQL text. */
    public String text() {
        return text.toString();
    }

    /** The values of its parameters, in the order of their {@code ?} marks. */
    public List<Object> params() {
        return Collections.unmodifiableList(new ArrayList<>(params));
    }

    @Override
    public String toString() {
        return text();
    }
}
