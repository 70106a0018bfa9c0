package io.envhub.contract;

import java.util.List;
import java.util.stream.Stream;

/** The task types the hub knows: a required tag of every environment, and the search's {@code task=} filter. */
public enum TaskType {
    /** One prompt, one answer. */
    SINGLE_TURN("single-turn"),
    /** A conversation over several turns. */
    MULTI_TURN("multi-turn"),
    /** The model calls tools. */
    TOOL_USE("tool-use");

    private final String wire;

    TaskType(String wire) {
        this.wire = wire;
    }

    /** The tag and filter value, e.g. {@code tool-use}. */
    public String wire() {
        return wire;
    }

    /** Every task type's tag, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(TaskType::wire).toList();
    }
}
