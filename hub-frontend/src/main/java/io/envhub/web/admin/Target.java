package io.envhub.web.admin;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report or a moderation action is about: an environment {@code owner/name}, a version
 * {@code owner/name@version}, an evaluation run {@code owner/name/evals/<id>}, or a bounty {@code bounty:<id>}. Null
 * from {@link #parse} for anything else.
 */
public record Target(String owner, String name, String version, Long bountyId, Long runId) {
    private static final Pattern ENV = Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]{0,63})/([A-Za-z0-9][A-Za-z0-9._-]{0,99})"
            + "(?:@([A-Za-z0-9][A-Za-z0-9.+!_-]{0,63}))?");
    private static final Pattern BOUNTY = Pattern.compile("bounty:([0-9]{1,18})");
    private static final Pattern RUN = Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]{0,63})/([A-Za-z0-9][A-Za-z0-9._-]{0,99})"
            + "/evals/([0-9]{1,18})");

    /** The target written as the API takes it, or null when it is none of the three forms. */
    public static Target parse(String text) {
        if (text == null) {
            return null;
        }
        String s = text.strip();
        Matcher b = BOUNTY.matcher(s);
        if (b.matches()) {
            return new Target(null, null, null, Long.parseLong(b.group(1)), null);
        }
        Matcher r = RUN.matcher(s);
        if (r.matches()) {
            return new Target(r.group(1), r.group(2), null, null, Long.parseLong(r.group(3)));
        }
        Matcher e = ENV.matcher(s);
        return e.matches() ? new Target(e.group(1), e.group(2), e.group(3), null, null) : null;
    }

    public boolean bounty() {
        return bountyId != null;
    }

    /** Whether it is an evaluation run. */
    public boolean run() {
        return runId != null;
    }

    /** The target as the API writes it. */
    public String text() {
        if (bounty()) {
            return "bounty:" + bountyId;
        }
        if (run()) {
            return owner + "/" + name + "/evals/" + runId;
        }
        return owner + "/" + name + (version == null ? "" : "@" + version);
    }

    /** Where its public page is. */
    public String href() {
        if (bounty()) {
            return "/bounties/" + bountyId;
        }
        if (run()) {
            return "/" + owner + "/" + name + "/evals/" + runId;
        }
        return "/" + owner + "/" + name + (version == null ? "" : "/versions/" + version);
    }

    /** Words for people: "alice/maze 1.0.0", "bounty 12", "evaluation run 7 of alice/maze". */
    public String label() {
        if (bounty()) {
            return "bounty " + bountyId;
        }
        if (run()) {
            return "evaluation run " + runId + " of " + owner + "/" + name;
        }
        return owner + "/" + name + (version == null ? "" : " " + version);
    }
}
