package io.envhub.registry.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** ENVHUB_UPSTREAM_INDEX: a URL (a trailing slash added), or off when empty or "off". */
class IndexConfigTest {
    private static IndexConfig of(String value) {
        return () -> Optional.ofNullable(value);
    }

    @Test
    void upstreamIsNormalizedOrOff() {
        assertEquals(Optional.of("https://pypi.org/simple/"), of("https://pypi.org/simple/").upstreamBase());
        assertEquals(Optional.of("http://127.0.0.1:9/simple/"), of(" http://127.0.0.1:9/simple ").upstreamBase());
        assertEquals(Optional.empty(), of("").upstreamBase());
        assertEquals(Optional.empty(), of("  ").upstreamBase());
        assertEquals(Optional.empty(), of("OFF").upstreamBase());
        assertEquals(Optional.empty(), of(null).upstreamBase());
    }
}
