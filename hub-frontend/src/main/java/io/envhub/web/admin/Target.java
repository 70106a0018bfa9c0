package io.envhub.web.admin;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report or a moderation action is about: an environment {@code owner/name}, a version
 * {@code owner/name@version}, or a bounty {@code bounty:<id>}. Null from {@link #parse} for anything else.
 */
public record Target(String owner, String name, String version, Long bountyId) {
    private static final Pattern ENV = Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]{0,63})/([A-Za-z0-9][A-Za-z0-9._-]{0,99})"
            + "(?:@([A-Za-z0-9][A-Za-z0-9.+!_-]{0,63}))?");
    private static final Pattern BOUNTY = Pattern.compile("bounty:([0-9]{1,18})");

    /** The target written as the API takes it, or null when it is none of the three forms. */
    public static Target parse(String text) {
        if (text == null) {
            return null;
        }
        String s = text.strip();
        Matcher b = BOUNTY.matcher(s);
        if (b.matches()) {
            return new Target(null, null, null, Long.parseLong(b.group(1)));
        }
        Matcher e = ENV.matcher(s);
        return e.matches() ? new Target(e.group(1), e.group(2), e.group(3), null) : null;
    }

    public boolean bounty() {
        return bountyId != null;
    }

    /** The target as the API writes it. */
    public String text() {
        if (bounty()) {
            return "bounty:" + bountyId;
        }
        return owner + "/" + name + (version == null ? "" : "@" + version);
    }

    /** Where its public page is. */
    public String href() {
        if (bounty()) {
            return "/bounties/" + bountyId;
        }
        return "/" + owner + "/" + name + (version == null ? "" : "/versions/" + version);
    }

    /** Words for people: "alice/maze 1.0.0", "bounty 12". */
    public String label() {
        if (bounty()) {
            return "bounty " + bountyId;
        }
        return owner + "/" + name + (version == null ? "" : " " + version);
    }
}
