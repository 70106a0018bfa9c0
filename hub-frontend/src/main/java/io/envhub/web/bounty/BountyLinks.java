package io.envhub.web.bounty;

import io.envhub.contract.bounty.BountyJson.Award;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.quarkus.qute.TemplateExtension;

/**
 * Where the bounty pages link to, as properties of contract's bounty records in the templates ({@code {b.href}},
 * {@code {s.versionHref}}): the site's own addresses, which are no part of bounty-service's JSON.
 */
@TemplateExtension
public final class BountyLinks {
    private BountyLinks() {
    }

    /** The bounty's page. */
    static String href(Bounty b) {
        return "/bounties/" + b.id();
    }

    /** Where the sponsor edits it as a draft. */
    static String editHref(Bounty b) {
        return "/sponsor/bounties/" + b.id() + "/edit";
    }

    /** The awarded environment's page on the hub. */
    static String environmentHref(Award a) {
        return "/" + a.environment();
    }

    /** The awarded version's page on the hub. */
    static String versionHref(Award a) {
        return "/" + a.environment() + "/versions/" + a.version();
    }

    /** The submitted version's page on the hub. */
    static String versionHref(Submission s) {
        return "/" + s.environment() + "/versions/" + s.version();
    }
}
