package io.envhub.kit.persistence;

import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.persistence.TupleElement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One row of a query, read by column alias, never by position: a reordered SELECT cannot swap two fields. Create the
 * query with {@code Tuple.class} ({@code em.createNativeQuery(sql, Tuple.class)}, {@code em.createQuery(jpql,
 * Tuple.class)}) and read it with {@link #list}, {@link #first} or {@link #single}; map each row to a record where it is
 * read. Every column needs an alias of its own (PostgreSQL folds unquoted aliases to lower case: write them in
 * snake_case); a result with two columns of the same alias is refused. The typed getters settle what the driver's
 * types vary in (any {@link Number}, timestamps as {@link OffsetDateTime}).
 */
public final class Row {
    private final Tuple tuple;

    private Row(Tuple tuple) {
        this.tuple = tuple;
    }

    /** Every row of a {@code Tuple} query. */
    public static List<Row> list(Query query) {
        List<?> results = query.getResultList();
        if (!results.isEmpty()) {
            requireDistinctAliases(tuple(results.get(0)));
        }
        return results.stream().map(r -> new Row(tuple(r))).toList();
    }

    /** The first row of a {@code Tuple} query (its whole result is read: add a LIMIT to the query when it is large). */
    public static Optional<Row> first(Query query) {
        List<Row> rows = list(query);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    /** The one row of a {@code Tuple} query ({@link Query#getSingleResult()}: none or several throw). */
    public static Row single(Query query) {
        Tuple tuple = tuple(query.getSingleResult());
        requireDistinctAliases(tuple);
        return new Row(tuple);
    }

    /** A column as the driver returned it. */
    public Object get(String alias) {
        return tuple.get(alias);
    }

    /** A column of a known type (an entity of a JPQL query, a {@code String[]} array, ...). */
    public <T> T get(String alias, Class<T> type) {
        return type.cast(tuple.get(alias));
    }

    /** A text column. */
    public String string(String alias) {
        return (String) tuple.get(alias);
    }

    /** A numeric column that is never null. */
    public long longValue(String alias) {
        return number(alias).longValue();
    }

    /** A numeric column, null when SQL NULL. */
    public Long longOrNull(String alias) {
        Number n = (Number) tuple.get(alias);
        return n == null ? null : n.longValue();
    }

    /** A numeric column that is never null. */
    public int intValue(String alias) {
        return number(alias).intValue();
    }

    /** A numeric column that is never null. */
    public double doubleValue(String alias) {
        return number(alias).doubleValue();
    }

    /** A boolean column, null when SQL NULL. */
    public Boolean bool(String alias) {
        return (Boolean) tuple.get(alias);
    }

    /** Whether a boolean column is true (false when false or SQL NULL). */
    public boolean isTrue(String alias) {
        return Boolean.TRUE.equals(tuple.get(alias));
    }

    /** A timestamp column, null when SQL NULL. */
    public OffsetDateTime time(String alias) {
        return time(tuple.get(alias));
    }

    /** A date column, null when SQL NULL. */
    public LocalDate date(String alias) {
        Object value = tuple.get(alias);
        if (value == null || value instanceof LocalDate) {
            return (LocalDate) value;
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        return LocalDate.parse(value.toString());
    }

    /** A timestamp as the driver returned it ({@link OffsetDateTime}, {@link Instant}, {@link java.sql.Timestamp}). */
    public static OffsetDateTime time(Object value) {
        if (value == null || value instanceof OffsetDateTime) {
            return (OffsetDateTime) value;
        }
        if (value instanceof Instant i) {
            return i.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toInstant().atOffset(ZoneOffset.UTC);
        }
        return OffsetDateTime.parse(value.toString());
    }

    private Number number(String alias) {
        Object value = tuple.get(alias);
        if (value == null) {
            throw new IllegalStateException("column '" + alias + "' is null");
        }
        return (Number) value;
    }

    private static Tuple tuple(Object result) {
        if (result instanceof Tuple t) {
            return t;
        }
        throw new IllegalArgumentException("not a Tuple row (" + (result == null ? "null" : result.getClass().getName())
                + "): create the query with Tuple.class");
    }

    private static void requireDistinctAliases(Tuple tuple) {
        Set<String> seen = new HashSet<>();
        for (TupleElement<?> element : tuple.getElements()) {
            String alias = element.getAlias();
            if (alias != null && !seen.add(alias)) {
                throw new IllegalStateException("two columns are named '" + alias + "': give each its own alias");
            }
        }
    }

    @Override
    public String toString() {
        return "Row" + java.util.Arrays.toString(tuple.toArray());
    }
}
