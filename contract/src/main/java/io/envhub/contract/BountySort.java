package io.envhub.contract;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The sort orders of the bounty board ({@code sort=} of {@code GET /api/v1/bounties}, the web board and the CLI). */
public enum BountySort {
    /** Most recently created first (the default). */
    NEWEST("newest"),
    /** Nearest deadline first. */
    DEADLINE("deadline"),
    /** Largest reward first. */
    REWARD("reward");

    /** The sort of a board that asks for none. */
    public static final BountySort DEFAULT = NEWEST;

    private final String wire;

    BountySort(String wire) {
        this.wire = wire;
    }

    /** The word on the wire, e.g. {@code deadline}. */
    public String wire() {
        return wire;
    }

    /** The sort with this exact word; empty for null or an unknown word. */
    public static Optional<BountySort> find(String word) {
        return Stream.of(values()).filter(s -> s.wire.equals(word)).findFirst();
    }

    /** Every word, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(BountySort::wire).toList();
    }

    /** The words for people: {@code newest, deadline or reward}. */
    public static String phrase() {
        List<String> w = wires();
        return String.join(", ", w.subList(0, w.size() - 1)) + " or " + w.get(w.size() - 1);
    }
}
