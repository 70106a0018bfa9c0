package io.envhub.web.environment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.ContaminationMatch;
import io.envhub.contract.report.LayoutReport;
import io.envhub.contract.report.TrustReport;
import io.envhub.contract.report.ValidationReport;
import java.util.ArrayList;
import java.util.List;

/**
 * A validation report as the version page shows it, read from the contract's records ({@link ValidationReport}; fields
 * the validator did not reach are null or empty).
 *
 * @param status validated or failed
 * @param summary one line for people
 * @param runtimeVerified whether the runtime checks ran and passed
 * @param checks every check in order
 * @param probes trust probes with their scores
 * @param bestScore the reference score the probes are compared with
 * @param flags what a user should know
 * @param deterministic whether two runs agreed (null: not compared)
 * @param contamination other environments whose datasets contain this one's rows
 * @param datasetRows rows in the dataset, null when not reached
 * @param log tail of the environment's output
 * @param layout the static facts of a verifiers v1 taskset package, or null (v0)
 * @param card the trust card: findings grouped by category, with the figures
 */
public record ReportView(String status, String summary, boolean runtimeVerified, List<Check> checks, List<Probe> probes,
                         Double bestScore, List<String> flags, Boolean deterministic, List<Overlap> contamination,
                         Integer datasetRows, String log, LayoutReport layout, TrustCard card) {
    /** One check. */
    public record Check(String id, String status, String message) {
    }

    /** One reward-hacking probe. */
    public record Probe(String name, Double meanScore, int rows, int errors, boolean flagged) {
    }

    /** An environment version whose dataset overlaps this one. */
    public record Overlap(String owner, String name, String version, Double overlap) {
        /** The other environment's version page. */
        public String href() {
            return "/" + owner + "/" + name + "/versions/" + version;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Reads the backend's {@code .../report} answer into the contract's records, which bind it as they are (names they
     * do not know are ignored, missing values are null, 0 or false); an answer that is not an object or not shaped like
     * a report shows as an empty report.
     */
    public static ReportView of(JsonNode r) {
        ValidationReport report = null;
        if (r != null && r.isObject()) {
            try {
                report = JSON.treeToValue(r, ValidationReport.class);
            } catch (JsonProcessingException | IllegalArgumentException e) {
                // shown as an empty report below
            }
        }
        return of(report != null ? report
                : new ValidationReport(null, false, null, null, null, null, null, null, null, null, null, null, null, null));
    }

    /** The page's view of a report. */
    public static ReportView of(ValidationReport r) {
        List<Check> checks = new ArrayList<>();
        for (CheckResult c : r.checks()) {
            checks.add(new Check(c.id(), c.status(), c.message()));
        }
        TrustReport trust = r.trust();
        List<Probe> probes = new ArrayList<>();
        for (TrustReport.ProbeScore p : trust == null || trust.probes() == null ? List.<TrustReport.ProbeScore>of() : trust.probes()) {
            probes.add(new Probe(text(p.name()), p.meanScore(), p.rows(), p.errors(), p.flagged()));
        }
        List<String> flags = new ArrayList<>();
        r.trustFlags().forEach(f -> flags.add(String.valueOf(f)));
        List<Overlap> overlaps = new ArrayList<>();
        for (ContaminationMatch m : r.contamination()) {
            if (m != null) {
                overlaps.add(new Overlap(text(m.owner()), text(m.name()), text(m.version()), m.overlap()));
            }
        }
        return new ReportView(r.status(), r.summary(), r.runtimeVerified(), checks, probes,
                trust == null ? null : trust.bestScore(), flags, trust == null ? null : trust.deterministic(), overlaps,
                r.dataset() == null ? null : r.dataset().size(), r.log(), r.layout(),
                TrustCard.of(trust == null ? List.of() : trust.findings(), trust == null ? null : trust.figures()));
    }

    /**
     * The report's flags that no finding of the card tells (reports older than trust v2 have flags only; the hub's
     * findings have no flag of the validator's), shown above the card's groups.
     */
    public List<String> looseFlags() {
        List<String> messages = card.groups().stream().flatMap(g -> g.findings().stream()).map(TrustCard.Finding::message)
                .filter(m -> !m.isBlank()).toList();
        return flags.stream().filter(f -> messages.stream().noneMatch(f::contains)).toList();
    }

    /** Whether the trust part was reached. */
    public boolean hasTrust() {
        return !probes.isEmpty() || !flags.isEmpty() || deterministic != null || !contamination.isEmpty()
                || card.findingCount() > 0 || card.figures() != null;
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
