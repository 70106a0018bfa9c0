package io.envhub.web.hub;

import io.envhub.contract.TrustStatus;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.EnvironmentSummary;
import io.envhub.contract.api.SearchPage;
import io.envhub.contract.api.SearchPage.TagCount;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionSummary;
import io.quarkus.qute.TemplateExtension;
import java.util.List;

/**
 * What the pages derive from contract's records of hub-backend's answers (links, badges, which version counts as
 * validated), as Qute extensions ({@code env.href}, {@code v.verdict.badgeCode}) and for the Java that needs the same.
 */
@TemplateExtension
public final class HubExtensions {
    private HubExtensions() {
    }

    /** The page of an environment in a list. */
    public static String href(EnvironmentSummary env) {
        return "/" + env.owner() + "/" + env.name();
    }

    /** The page of an environment. */
    public static String href(EnvironmentDetail env) {
        return "/" + env.owner() + "/" + env.name();
    }

    /** The badge's code (see {@link Verdicts#code}). */
    public static String badgeCode(Verdict verdict) {
        return Verdicts.code(verdict.trustStatus());
    }

    /** The badge's words. */
    public static String badgeLabel(Verdict verdict) {
        return Verdicts.label(verdict.statusLabel(), verdict.trustStatus());
    }

    /**
     * The validated version when the hub ran it and it passed (its verdict is the environment's), else null: a
     * static-only version is not called validated on a card (issue 36 item 9).
     */
    public static String verifiedVersion(EnvironmentSummary env) {
        Verdict v = env.verdict();
        boolean ran = v != null && v.runtimeVerified()
                && TrustStatus.find(v.trustStatus()).map(TrustStatus::runtimeVerified).orElse(false);
        return ran ? env.validatedVersion() : null;
    }

    /** Whether the newest validated version is another one than the latest (then both are shown). */
    public static boolean validatedDiffers(EnvironmentDetail env) {
        return env.validated() != null && env.validated().version() != null
                && !env.validated().version().equals(env.latestVersion());
    }

    /** Whether a version passed validation (verified, flagged or static checks only). */
    public static boolean passed(VersionSummary version) {
        return version.verdict() != null
                && TrustStatus.find(version.verdict().trustStatus()).map(TrustStatus::passed).orElse(false);
    }

    /** The status facet in the order of {@link Verdicts#CODES}, codes without matches left out. */
    public static List<TagCount> statusCounts(SearchPage.Facets facets) {
        return Verdicts.CODES.stream().filter(c -> facets.statuses() != null && facets.statuses().getOrDefault(c, 0L) > 0)
                .map(c -> new TagCount(c, facets.statuses().get(c))).toList();
    }
}
