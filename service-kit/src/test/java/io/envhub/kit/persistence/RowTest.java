package io.envhub.kit.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.Tuple;
import jakarta.persistence.TupleElement;
import java.lang.reflect.Proxy;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading by alias, the driver's varying types, and refusing results whose columns share an alias. */
class RowTest {
    @Test
    void readsColumnsByAliasWhateverTheirOrder() {
        Row r = Row.single(query(rows(new String[] {"name", "id", "created_at"},
                new Object[] {"demo", 7, Timestamp.from(Instant.parse("2026-01-02T03:04:05Z"))})));
        assertEquals("demo", r.string("name"));
        assertEquals(7L, r.longValue("id"));
        assertEquals(7, r.intValue("id"));
        assertEquals(OffsetDateTime.parse("2026-01-02T03:04:05Z"), r.time("created_at"));
        assertThrows(IllegalArgumentException.class, () -> r.get("missing"));
    }

    @Test
    void settlesTheDriversTypes() {
        Row r = Row.first(query(rows(new String[] {"at", "instant", "day", "sql_day", "flag", "none"},
                new Object[] {OffsetDateTime.parse("2026-01-02T03:04:05+02:00"), Instant.parse("2026-01-02T01:04:05Z"),
                    LocalDate.parse("2026-01-02"), java.sql.Date.valueOf("2026-01-03"), Boolean.TRUE, null}))).orElseThrow();
        assertEquals(OffsetDateTime.parse("2026-01-02T03:04:05+02:00"), r.time("at"));
        assertEquals(OffsetDateTime.of(2026, 1, 2, 1, 4, 5, 0, ZoneOffset.UTC), r.time("instant"));
        assertEquals(LocalDate.parse("2026-01-02"), r.date("day"));
        assertEquals(LocalDate.parse("2026-01-03"), r.date("sql_day"));
        assertTrue(r.isTrue("flag"));
        assertFalse(r.isTrue("none"));
        assertNull(r.time("none"));
        assertNull(r.longOrNull("none"));
        assertThrows(IllegalStateException.class, () -> r.longValue("none"));
    }

    @Test
    void refusesTwoColumnsOfTheSameAlias() {
        assertThrows(IllegalStateException.class, () -> Row.list(query(rows(new String[] {"name", "name"},
                new Object[] {"owner", "environment"}))));
    }

    @Test
    void refusesRowsOfAQueryNotCreatedWithTuple() {
        List<Object> untyped = new ArrayList<>();
        untyped.add(new Object[] {"demo", 7});
        assertThrows(IllegalArgumentException.class, () -> Row.list(query(untyped)));
    }

    @Test
    void noRowsIsAnEmptyList() {
        assertTrue(Row.list(query(List.of())).isEmpty());
        assertTrue(Row.first(query(List.of())).isEmpty());
    }

    /** Rows of one result: aliases, then each row's values. */
    private static List<Object> rows(String[] aliases, Object[]... values) {
        List<Object> out = new ArrayList<>();
        for (Object[] v : values) {
            out.add(new ArrayTuple(aliases, v));
        }
        return out;
    }

    /** A query that answers these results (only the two methods {@link Row} calls). */
    private static jakarta.persistence.Query query(List<?> results) {
        return (jakarta.persistence.Query) Proxy.newProxyInstance(RowTest.class.getClassLoader(),
                new Class<?>[] {jakarta.persistence.Query.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getResultList" -> results;
                    case "getSingleResult" -> results.get(0);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** A tuple as Hibernate builds one: values by position, an alias per element (the first of a repeated alias wins). */
    private record ArrayTuple(String[] aliases, Object[] values) implements Tuple {
        @Override
        public Object get(String alias) {
            int i = Arrays.asList(aliases).indexOf(alias);
            if (i < 0) {
                throw new IllegalArgumentException("no column " + alias);
            }
            return values[i];
        }

        @Override
        public <X> X get(String alias, Class<X> type) {
            return type.cast(get(alias));
        }

        @Override
        public Object get(int i) {
            return values[i];
        }

        @Override
        public <X> X get(int i, Class<X> type) {
            return type.cast(values[i]);
        }

        @Override
        public <X> X get(TupleElement<X> element) {
            return element.getJavaType().cast(get(element.getAlias()));
        }

        @Override
        public Object[] toArray() {
            return values.clone();
        }

        @Override
        public List<TupleElement<?>> getElements() {
            List<TupleElement<?>> out = new ArrayList<>();
            for (String alias : aliases) {
                out.add(new TupleElement<Object>() {
                    @Override
                    public Class<? extends Object> getJavaType() {
                        return Object.class;
                    }

                    @Override
                    public String getAlias() {
                        return alias;
                    }
                });
            }
            return out;
        }
    }
}
