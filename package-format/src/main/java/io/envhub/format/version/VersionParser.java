package io.envhub.format.version;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads every spelling of a version PEP 440 permits into a {@link Version}, or says precisely why not. */
final class VersionParser {
    private static final String PUBLIC = "v?(?:(?<epoch>[0-9]+)!)?(?<release>[0-9]+(?:\\.[0-9]+)*)"
            + "(?:[-_.]?(?<preL>alpha|beta|preview|pre|rc|a|b|c)[-_.]?(?<preN>[0-9]+)?)?"
            + "(?:-(?<postImplicit>[0-9]+)|[-_.]?(?<postL>post|rev|r)[-_.]?(?<postN>[0-9]+)?)?"
            + "(?:[-_.]?(?<devL>dev)[-_.]?(?<devN>[0-9]+)?)?";

    private static final Pattern PATTERN = Pattern.compile(
            PUBLIC + "(?:\\+(?<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?", Pattern.CASE_INSENSITIVE);

    private static final Pattern PUBLIC_PATTERN = Pattern.compile(PUBLIC, Pattern.CASE_INSENSITIVE);

    static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private VersionParser() {
    }

    static Version parse(String text) {
        if (text == null) {
            throw new InvalidVersionException(null, "version is missing");
        }
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            throw new InvalidVersionException(text, "version is empty");
        }
        Matcher m = PATTERN.matcher(trimmed);
        if (!m.matches()) {
            throw new InvalidVersionException(text, explain(trimmed));
        }
        BigInteger epoch = m.group("epoch") == null ? BigInteger.ZERO : new BigInteger(m.group("epoch"));
        List<BigInteger> release = new ArrayList<>();
        for (String part : m.group("release").split("\\.")) {
            release.add(new BigInteger(part));
        }
        String preLabel = null;
        BigInteger preNumber = null;
        if (m.group("preL") != null) {
            preLabel = canonicalPreLabel(m.group("preL").toLowerCase(Locale.ROOT));
            preNumber = number(m.group("preN"));
        }
        BigInteger post = null;
        if (m.group("postImplicit") != null) {
            post = new BigInteger(m.group("postImplicit"));
        } else if (m.group("postL") != null) {
            post = number(m.group("postN"));
        }
        BigInteger dev = m.group("devL") == null ? null : number(m.group("devN"));
        List<String> local = null;
        if (m.group("local") != null) {
            local = new ArrayList<>();
            for (String seg : m.group("local").toLowerCase(Locale.ROOT).split("[-_.]")) {
                local.add(DIGITS.matcher(seg).matches() ? new BigInteger(seg).toString() : seg);
            }
        }
        return new Version(epoch, release, preLabel, preNumber, post, dev, local);
    }

    private static String canonicalPreLabel(String label) {
        switch (label) {
            case "a":
            case "alpha":
                return "a";
            case "b":
            case "beta":
                return "b";
            default:
                return "rc";
        }
    }

    private static BigInteger number(String digits) {
        return digits == null ? BigInteger.ZERO : new BigInteger(digits);
    }

    private static String explain(String text) {
        Matcher m = PUBLIC_PATTERN.matcher(text);
        if (!m.lookingAt()) {
            return "must start with a release number such as '1.0' (optionally 'v' and an 'N!' epoch)";
        }
        String rest = text.substring(m.end());
        if (!rest.isEmpty() && rest.charAt(0) == '+') {
            return "local label '" + rest.substring(1) + "' must be ASCII letters and digits separated by '.', '_' or '-'";
        }
        return "unexpected '" + rest + "' after '" + text.substring(0, m.end()) + "'";
    }
}
