package io.envhub.format.version;

import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A PEP 440 version.
 *
 * <p>Parsing accepts every spelling PEP 440 permits (leading {@code v}, upper case, {@code alpha}/{@code beta}/
 * {@code c}/{@code pre}/{@code preview}, {@code rev}/{@code r}, implicit post releases such as {@code 1.0-1},
 * {@code -}/{@code _}/{@code .} separators, missing numbers) and {@link #toString()} returns the canonical
 * form. Ordering is exactly PEP 440's: dev &lt; pre &lt; final &lt; post, a local version sorts after its
 * public version, and trailing zeros of the release are insignificant. {@link #equals(Object)} and
 * {@link #hashCode()} agree with {@link #compareTo(Version)}, so {@code 1.0} equals {@code 1.0.0} even though
 * their canonical strings differ.
 */
public final class Version implements Comparable<Version> {

    private final BigInteger epoch;
    private final List<BigInteger> release;
    private final String preLabel;
    private final BigInteger preNumber;
    private final BigInteger post;
    private final BigInteger dev;
    private final List<String> local;
    private final List<BigInteger> significantRelease;
    private final String canonical;

    Version(BigInteger epoch, List<BigInteger> release, String preLabel, BigInteger preNumber,
                    BigInteger post, BigInteger dev, List<String> local) {
        this.epoch = epoch;
        this.release = List.copyOf(release);
        this.preLabel = preLabel;
        this.preNumber = preNumber;
        this.post = post;
        this.dev = dev;
        this.local = local == null ? null : List.copyOf(local);
        int end = release.size();
        while (end > 1 && release.get(end - 1).signum() == 0) {
            end--;
        }
        this.significantRelease = List.copyOf(release.subList(0, end));
        this.canonical = render(true);
    }

    /**
     * Parses a version written in any PEP 440 permitted spelling.
     *
     * @param text the version text; surrounding whitespace is ignored
     * @return the parsed version
     * @throws InvalidVersionException with the reason when the text is not a PEP 440 version
     */
    public static Version parse(String text) {
        return VersionParser.parse(text);
    }

    /**
     * Tells whether a text is a valid PEP 440 version.
     *
     * @param text candidate
     * @return true when {@link #parse(String)} would accept it
     */
    public static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (InvalidVersionException e) {
            return false;
        }
    }

    /**
     * Picks the latest version the way installers do: the greatest final (non pre-release) version, or,
     * when {@code includePrereleases} is set or there is no final version at all, the greatest version.
     *
     * @param versions candidates
     * @param includePrereleases whether pre-releases and dev releases may be chosen over final releases
     * @return the latest version, empty when there are no candidates
     */
    public static Optional<Version> latest(Collection<Version> versions, boolean includePrereleases) {
        Optional<Version> best = versions.stream().filter(v -> includePrereleases || !v.isPrerelease())
                .max(Version::compareTo);
        if (best.isPresent()) {
            return best;
        }
        return versions.stream().max(Version::compareTo);
    }

    /**
     * Returns the epoch ({@code 0} when absent).
     *
     * @return epoch
     */
    public BigInteger epoch() {
        return epoch;
    }

    /**
     * Returns the release segments as written (trailing zeros kept).
     *
     * @return release numbers, never empty
     */
    public List<BigInteger> release() {
        return release;
    }

    /**
     * Returns the canonical pre-release label.
     *
     * @return {@code a}, {@code b} or {@code rc}, empty for non pre-releases
     */
    public Optional<String> preLabel() {
        return Optional.ofNullable(preLabel);
    }

    /**
     * Returns the pre-release number.
     *
     * @return number, empty for non pre-releases
     */
    public Optional<BigInteger> preNumber() {
        return Optional.ofNullable(preNumber);
    }

    /**
     * Returns the post-release number.
     *
     * @return number, empty when this is not a post release
     */
    public Optional<BigInteger> post() {
        return Optional.ofNullable(post);
    }

    /**
     * Returns the development-release number.
     *
     * @return number, empty when this is not a dev release
     */
    public Optional<BigInteger> dev() {
        return Optional.ofNullable(dev);
    }

    /**
     * Returns the normalized local version label (segments joined by {@code .}).
     *
     * @return local label, empty when there is none
     */
    public Optional<String> local() {
        return local == null ? Optional.empty() : Optional.of(String.join(".", local));
    }

    /**
     * Tells whether this is a pre-release or a development release.
     *
     * @return true for versions such as {@code 1.0a1}, {@code 1.0rc2}, {@code 1.0.dev3}
     */
    public boolean isPrerelease() {
        return preLabel != null || dev != null;
    }

    /**
     * Tells whether this is a post release.
     *
     * @return true when a post segment is present
     */
    public boolean isPostRelease() {
        return post != null;
    }

    /**
     * Tells whether this is a development release.
     *
     * @return true when a dev segment is present
     */
    public boolean isDevRelease() {
        return dev != null;
    }

    /**
     * Tells whether this version carries a local label.
     *
     * @return true for versions such as {@code 1.0+ubuntu.1}
     */
    public boolean isLocal() {
        return local != null;
    }

    /**
     * Returns the canonical string without the local label.
     *
     * @return public version, e.g. {@code 1.0.post1} for {@code 1.0.post1+abc}
     */
    public String publicVersion() {
        return render(false);
    }

    /**
     * Returns the canonical string of this version. Two equal versions can render differently only by
     * trailing release zeros ({@code 1.0} and {@code 1.0.0}).
     *
     * @return canonical PEP 440 form
     */
    @Override
    public String toString() {
        return canonical;
    }

    @Override
    public int compareTo(Version o) {
        int c = epoch.compareTo(o.epoch);
        if (c != 0) {
            return c;
        }
        c = compareNumbers(significantRelease, o.significantRelease);
        if (c != 0) {
            return c;
        }
        c = comparePre(o);
        if (c != 0) {
            return c;
        }
        c = compareOptional(post, o.post, -1);
        if (c != 0) {
            return c;
        }
        c = compareOptional(dev, o.dev, 1);
        if (c != 0) {
            return c;
        }
        return compareLocal(local, o.local);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Version && compareTo((Version) o) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(epoch, significantRelease, preLabel, preNumber, post, dev, local);
    }

    /**
     * Returns a string that is equal for exactly the versions that are {@link #equals equal}: the canonical form
     * without insignificant trailing zeros ({@code 1.0} and {@code 1.0.0} both give {@code 1}). Use it as a
     * uniqueness key, never for display.
     *
     * @return the identity key
     */
    public String identityKey() {
        return render(true, significantRelease);
    }

    private String render(boolean withLocal) {
        return render(withLocal, release);
    }

    private String render(boolean withLocal, List<BigInteger> numbers) {
        StringBuilder sb = new StringBuilder();
        if (epoch.signum() != 0) {
            sb.append(epoch).append('!');
        }
        for (int i = 0; i < numbers.size(); i++) {
            if (i > 0) {
                sb.append('.');
            }
            sb.append(numbers.get(i));
        }
        if (preLabel != null) {
            sb.append(preLabel).append(preNumber);
        }
        if (post != null) {
            sb.append(".post").append(post);
        }
        if (dev != null) {
            sb.append(".dev").append(dev);
        }
        if (withLocal && local != null) {
            sb.append('+').append(String.join(".", local));
        }
        return sb.toString();
    }

    /** Rank of the pre-release part: a dev release of a final version sorts before any pre-release. */
    private int preRank() {
        if (preLabel == null && post == null && dev != null) {
            return 0;
        }
        if (preLabel != null) {
            return 1;
        }
        return 2;
    }

    private int comparePre(Version o) {
        int c = Integer.compare(preRank(), o.preRank());
        if (c != 0 || preLabel == null || o.preLabel == null) {
            return c;
        }
        c = Integer.compare(labelRank(preLabel), labelRank(o.preLabel));
        return c != 0 ? c : preNumber.compareTo(o.preNumber);
    }

    private static int labelRank(String label) {
        switch (label) {
            case "a":
                return 0;
            case "b":
                return 1;
            default:
                return 2;
        }
    }

    /** Compares optional numbers; {@code absentSign} is where an absent value sorts (-1 lowest, 1 highest). */
    private static int compareOptional(BigInteger a, BigInteger b, int absentSign) {
        if (a == null && b == null) {
            return 0;
        }
        if (a == null) {
            return absentSign;
        }
        if (b == null) {
            return -absentSign;
        }
        return a.compareTo(b);
    }

    private static int compareNumbers(List<BigInteger> a, List<BigInteger> b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static int compareLocal(List<String> a, List<String> b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = compareLocalSegment(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** Numeric segments sort after alphanumeric ones; numbers compare numerically, strings lexically. */
    private static int compareLocalSegment(String a, String b) {
        boolean an = VersionParser.DIGITS.matcher(a).matches();
        boolean bn = VersionParser.DIGITS.matcher(b).matches();
        if (an && bn) {
            return new BigInteger(a).compareTo(new BigInteger(b));
        }
        if (an != bn) {
            return an ? 1 : -1;
        }
        return a.compareTo(b);
    }
}
