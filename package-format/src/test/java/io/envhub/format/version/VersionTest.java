package io.envhub.format.version;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VersionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1.0|1.0",
        "1.0-ALPHA1|1.0a1",
        "v1.0|1.0",
        "V2|2",
        "  1.0  |1.0",
        "1.0a|1.0a0",
        "1.0alpha2|1.0a2",
        "1.0.beta.3|1.0b3",
        "1.0-b_4|1.0b4",
        "1.0c1|1.0rc1",
        "1.0pre1|1.0rc1",
        "1.0preview2|1.0rc2",
        "1.0RC|1.0rc0",
        "1.0.post|1.0.post0",
        "1.0post2|1.0.post2",
        "1.0-1|1.0.post1",
        "1.0-r1|1.0.post1",
        "1.0rev3|1.0.post3",
        "1.0_post_4|1.0.post4",
        "1.0.DEV|1.0.dev0",
        "1.0_dev_3|1.0.dev3",
        "1.0dev7|1.0.dev7",
        "0!1.0|1.0",
        "1!01.002|1!1.2",
        "007|7",
        "1.0a1.post2.dev3|1.0a1.post2.dev3",
        "1.0+ubuntu-1_2|1.0+ubuntu.1.2",
        "1.0+01|1.0+1",
        "1.0+ABC.01|1.0+abc.1",
        "2024.01.15|2024.1.15",
        "1.0.0|1.0.0",
        "99999999999999999999999.1|99999999999999999999999.1",
    })
    void normalizes(String raw, String canonical) {
        Version v = Version.parse(raw);
        assertEquals(canonical, v.toString());
        assertEquals(v, Version.parse(canonical));
        assertEquals(canonical, Version.parse(canonical).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "abc", "1.0.", ".1", "1..0", "1.0-", "1.0+", "1.0+a..b", "1.0+_a", "1.0 a1",
        "1.0a1b2", "1.0-dev-dev", "1.0.post1.post2", "1!2!3", "1.0+abc+def", "=1.0", "1.0.x", "1,0", "\u0661.0"})
    void refusesInvalid(String raw) {
        InvalidVersionException e = assertThrows(InvalidVersionException.class, () -> Version.parse(raw));
        assertEquals("version.invalid", e.code());
        assertTrue(e.getMessage().startsWith("invalid version '"), e.getMessage());
        assertFalse(Version.isValid(raw));
    }

    @Test
    void invalidMessagesAreSpecific() {
        assertTrue(msg("1.0.x").contains("unexpected '.x' after '1.0'"), msg("1.0.x"));
        assertTrue(msg("abc").contains("must start with a release number"), msg("abc"));
        assertTrue(msg("1.0+a..b").contains("local label 'a..b'"), msg("1.0+a..b"));
        assertTrue(msg("").contains("empty"));
        assertTrue(assertThrows(InvalidVersionException.class, () -> Version.parse(null)).getMessage().contains("missing"));
    }

    /** The suffix ordering of PEP 440, from the lowest to the highest. */
    private static final List<String> PEP440_ORDER = List.of(
            "1.0.dev456",
            "1.0a1",
            "1.0a2.dev456",
            "1.0a12.dev456",
            "1.0a12",
            "1.0b1.dev456",
            "1.0b2",
            "1.0b2.post345.dev456",
            "1.0b2.post345",
            "1.0rc1.dev456",
            "1.0rc1",
            "1.0",
            "1.0+abc.5",
            "1.0+abc.7",
            "1.0+5",
            "1.0.post456.dev34",
            "1.0.post456",
            "1.0.15",
            "1.1.dev1");

    @Test
    void ordersLikePep440SuffixSummary() {
        assertStrictlyIncreasing(PEP440_ORDER);
        List<Version> shuffled = PEP440_ORDER.stream().map(Version::parse).collect(Collectors.toList());
        Collections.shuffle(shuffled, new Random(42));
        Collections.sort(shuffled);
        assertEquals(PEP440_ORDER, shuffled.stream().map(Version::toString).collect(Collectors.toList()));
    }

    @Test
    void ordersEpochsReleasesAndLocals() {
        assertStrictlyIncreasing(List.of("0.9", "0.9.1", "0.10", "1.0a1", "1.0", "1.0.1", "1.2", "1.10", "2.0.dev0",
                "2.0", "2013.10", "1!0.1", "1!1.0", "2!0.0.dev0"));
        assertStrictlyIncreasing(List.of("1.0", "1.0+a", "1.0+a.1", "1.0+b", "1.0+1", "1.0+1.a", "1.0+2", "1.0+10"));
        assertStrictlyIncreasing(List.of("1.0.dev0", "1.0.dev1", "1.0a0.dev0", "1.0a0", "1.0a0.post0.dev0",
                "1.0a0.post0", "1.0b0", "1.0rc0", "1.0", "1.0.post0.dev0", "1.0.post0", "1.0.post1"));
        assertStrictlyIncreasing(List.of("1.0rc1", "1.0rc1+local", "1.0"));
    }

    @Test
    void trailingZerosAreInsignificant() {
        Version a = Version.parse("1.0");
        Version b = Version.parse("1.0.0");
        Version c = Version.parse("1");
        assertEquals(0, a.compareTo(b));
        assertEquals(a, b);
        assertEquals(a, c);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a.hashCode(), c.hashCode());
        assertEquals("1.0.0", b.toString());
        assertEquals(Version.parse("1.0+1"), Version.parse("1.0.0+01"));
        assertEquals(Version.parse("1.0a1"), Version.parse("1.0.0-alpha.1"));
        assertNotEquals(Version.parse("1.0"), Version.parse("1.0+0"));
        assertNotEquals(Version.parse("1.0"), Version.parse("1.0.post0"));
        assertNotEquals(Version.parse("0.0"), Version.parse("0!0.0.0.1"));
    }

    @Test
    void equalsAndHashCodeAgreeWithCompareTo() {
        List<String> all = new ArrayList<>(PEP440_ORDER);
        all.addAll(List.of("1.0.0", "1.0.0.0", "1.0+ABC.5", "1.0+abc-05", "v1.0.post456", "0!1.0a1", "1.0.0a1"));
        for (String x : all) {
            for (String y : all) {
                Version a = Version.parse(x);
                Version b = Version.parse(y);
                assertEquals(a.compareTo(b) == 0, a.equals(b), x + " vs " + y);
                assertEquals(Integer.signum(a.compareTo(b)), -Integer.signum(b.compareTo(a)), x + " vs " + y);
                if (a.equals(b)) {
                    assertEquals(a.hashCode(), b.hashCode(), x + " vs " + y);
                }
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
        "1.0a1, true", "1.0b2, true", "1.0rc1, true", "1.0.dev1, true", "1.0.post1.dev1, true", "1.0a1.post1, true",
        "1.0, false", "1.0.post1, false", "1.0+local, false", "1!2.0, false",
    })
    void prereleaseFlag(String raw, boolean prerelease) {
        assertEquals(prerelease, Version.parse(raw).isPrerelease());
    }

    @Test
    void exposesComponents() {
        Version v = Version.parse("2!1.02.3rc4.post5.dev6+Ubuntu.7");
        assertEquals(BigInteger.TWO, v.epoch());
        assertEquals(List.of(BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3)), v.release());
        assertEquals(Optional.of("rc"), v.preLabel());
        assertEquals(Optional.of(BigInteger.valueOf(4)), v.preNumber());
        assertEquals(Optional.of(BigInteger.valueOf(5)), v.post());
        assertEquals(Optional.of(BigInteger.valueOf(6)), v.dev());
        assertEquals(Optional.of("ubuntu.7"), v.local());
        assertTrue(v.isPostRelease());
        assertTrue(v.isDevRelease());
        assertTrue(v.isLocal());
        assertEquals("2!1.2.3rc4.post5.dev6", v.publicVersion());
        assertEquals("2!1.2.3rc4.post5.dev6+ubuntu.7", v.toString());
        Version plain = Version.parse("3");
        assertEquals(BigInteger.ZERO, plain.epoch());
        assertTrue(plain.preLabel().isEmpty() && plain.post().isEmpty() && plain.dev().isEmpty() && plain.local().isEmpty());
    }

    @Test
    void latestPrefersFinalReleases() {
        List<Version> versions = parseAll("0.1.0", "0.2.0", "0.3.0rc1", "0.2.1.dev3", "0.2.0.post1");
        assertEquals(Version.parse("0.2.0.post1"), Version.latest(versions, false).orElseThrow());
        assertEquals(Version.parse("0.3.0rc1"), Version.latest(versions, true).orElseThrow());
        assertEquals(Version.parse("1.0b1"), Version.latest(parseAll("1.0a1", "1.0b1"), false).orElseThrow());
        assertTrue(Version.latest(List.of(), false).isEmpty());
        assertEquals(Version.parse("1.10"), Version.latest(parseAll("1.9", "1.10", "1.2"), false).orElseThrow());
    }

    private static List<Version> parseAll(String... raw) {
        List<Version> out = new ArrayList<>();
        for (String r : raw) {
            out.add(Version.parse(r));
        }
        return out;
    }

    private static void assertStrictlyIncreasing(List<String> ordered) {
        for (int i = 0; i + 1 < ordered.size(); i++) {
            Version lo = Version.parse(ordered.get(i));
            Version hi = Version.parse(ordered.get(i + 1));
            assertTrue(lo.compareTo(hi) < 0, ordered.get(i) + " < " + ordered.get(i + 1));
            assertTrue(hi.compareTo(lo) > 0, ordered.get(i + 1) + " > " + ordered.get(i));
            assertNotEquals(lo, hi);
        }
    }

    private static String msg(String raw) {
        return assertThrows(InvalidVersionException.class, () -> Version.parse(raw)).getMessage();
    }

    @Test
    void identityKeyIsEqualExactlyForEqualVersions() {
        assertEquals(Version.parse("1.0").identityKey(), Version.parse("1.0.0").identityKey());
        assertEquals(Version.parse("v1.0-ALPHA1").identityKey(), Version.parse("1a1").identityKey());
        assertNotEquals(Version.parse("1.0").identityKey(), Version.parse("1.0.1").identityKey());
        assertNotEquals(Version.parse("1.0").identityKey(), Version.parse("1.0+local").identityKey());
        assertEquals("1.0.0", Version.parse("1.0.0").toString(), "display form keeps what was written");
    }
}
