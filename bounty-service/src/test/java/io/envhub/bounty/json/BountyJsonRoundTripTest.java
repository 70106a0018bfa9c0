package io.envhub.bounty.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.envhub.bounty.admin.AdminQueueItem;
import io.envhub.bounty.application.ApplicationViews;
import io.envhub.bounty.bounty.BountyViews;
import io.envhub.bounty.funding.FundingViews;
import io.envhub.bounty.payout.PayoutViews;
import io.envhub.bounty.submission.SubmissionViews;
import io.envhub.contract.bounty.ApplicationStatus;
import io.envhub.contract.bounty.BountyStatus;
import io.envhub.contract.bounty.PayoutStatus;
import io.envhub.contract.bounty.SubmissionStatus;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every JSON shape of bounty-service's endpoints (the records in the {@code *Views} classes and the admin queue item),
 * filled with a value in every field: written as the service writes it and read back, it is the same record, and a
 * field is written under its record component's name (a status field is filled with a word of the contract's
 * vocabulary for that shape).
 */
class BountyJsonRoundTripTest {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);
    private static final OffsetDateTime AT = OffsetDateTime.parse("2026-12-04T05:06:07.123Z");

    static Stream<Class<?>> shapes() {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> holder : List.of(ApplicationViews.class, BountyViews.class, FundingViews.class, PayoutViews.class,
                SubmissionViews.class)) {
            for (Class<?> c : holder.getDeclaredClasses()) {
                if (c.isRecord()) {
                    out.add(c);
                }
            }
        }
        out.add(AdminQueueItem.class);
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void readsBackAsItWasWritten(Class<?> shape) throws Exception {
        Object value = sample(shape);
        String json = JSON.writeValueAsString(value);
        assertEquals(value, JSON.readValue(json, shape), json);
        for (RecordComponent c : shape.getRecordComponents()) {
            assertTrue(JSON.readTree(json).has(c.getName()), shape.getSimpleName() + " writes " + c.getName() + ": " + json);
        }
    }

    /** The contract's words for the status of a shape (by the shape's subject), for the samples. */
    private static List<String> vocabulary(Class<?> shape) {
        String name = shape.getName();
        if (name.contains("Payout") || name.contains("Earning") || name.contains("PaidAward")) {
            return PayoutStatus.wires();
        }
        if (name.contains("Application")) {
            return ApplicationStatus.wires();
        }
        if (name.contains("Submission")) {
            return SubmissionStatus.wires();
        }
        return BountyStatus.wires();
    }

    static Object sample(Class<?> shape) throws Exception {
        RecordComponent[] components = shape.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            args[i] = value(shape, components[i].getName(), components[i].getGenericType(), i);
        }
        Constructor<?> c = shape.getDeclaredConstructor(types);
        return c.newInstance(args);
    }

    private static Object value(Class<?> shape, String name, Type type, int i) throws Exception {
        if (type instanceof ParameterizedType p) {
            Type arg = p.getActualTypeArguments()[p.getActualTypeArguments().length - 1];
            if (p.getRawType().equals(Map.class)) {
                return Map.of("k", value(shape, name, arg, i));
            }
            return List.of(value(shape, name, arg, i));
        }
        Class<?> c = (Class<?>) type;
        if (c == String.class) {
            return "status".equals(name) ? vocabulary(shape).get(1) : name + "-" + i;
        }
        if (c == long.class || c == Long.class) {
            return 1000L + i;
        }
        if (c == int.class || c == Integer.class) {
            return 10 + i;
        }
        if (c == boolean.class || c == Boolean.class) {
            return true;
        }
        if (c == Number.class) {
            return 7 + i;
        }
        if (c == OffsetDateTime.class) {
            return AT.plusSeconds(i);
        }
        if (c.isRecord()) {
            return sample(c);
        }
        if (c == Object.class || c == JsonNode.class) {
            return Map.of("k", "v");
        }
        throw new AssertionError(shape.getSimpleName() + "." + name + ": no sample for " + c);
    }
}
