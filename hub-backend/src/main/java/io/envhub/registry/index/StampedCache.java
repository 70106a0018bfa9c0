package io.envhub.registry.index;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What was computed for a public environment, in memory, per environment id and its index stamp (migration V13, read
 * per request with {@link ProjectLookup}): a value is used only while the stamp it was computed under is the current
 * one, so a change made through any instance invalidates every instance's copy at its next request. Least recently
 * used entries go first past the bound. The index pages ({@link PageCache}) and the environment page's data keep
 * theirs here.
 *
 * @param <V> what is kept
 */
public final class StampedCache<V> {
    private record Entry<V>(long stamp, V value) {
    }

    private final Map<Long, Entry<V>> entries;

    /** A cache of at most {@code maxEntries} environments. */
    public StampedCache(int maxEntries) {
        this.entries = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Entry<V>> eldest) {
                return size() > maxEntries;
            }
        };
    }

    /** The value kept for environment {@code id} under exactly {@code stamp}, if any. */
    public Optional<V> get(long id, long stamp) {
        Entry<V> e;
        synchronized (entries) {
            e = entries.get(id);
        }
        return e != null && e.stamp() == stamp ? Optional.of(e.value()) : Optional.empty();
    }

    /** Keeps {@code value} for {@code id} under {@code stamp}, unless a value of a newer stamp is kept already. */
    public void put(long id, long stamp, V value) {
        synchronized (entries) {
            Entry<V> now = entries.get(id);
            if (now == null || now.stamp() <= stamp) {
                entries.put(id, new Entry<>(stamp, value));
            }
        }
    }

    /** How many environments are kept now. */
    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
