package io.envhub.registry.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.report.TrustFinding;
import io.envhub.contract.report.TrustReport;
import io.envhub.registry.model.TrustVerdict;
import java.util.List;

/**
 * The contamination findings the hub adds to a stored report's {@code trust.findings} (the validator writes the
 * others): one for the overlap with other environments (never naming them: the names are filtered per reader in
 * {@code trust.contamination}) and one per reference benchmark holding the dataset's rows.
 */
public final class HubFindings {
    /** Probe of the finding about other environments' datasets. */
    public static final String ENVIRONMENT_OVERLAP = "environment-overlap";
    /** Probe of a finding about a reference benchmark. */
    public static final String BENCHMARK_OVERLAP = TrustVerdict.BENCHMARK_OVERLAP;

    private HubFindings() {
    }

    /** The finding for the overlap with other environments, or null when there is none. */
    public static TrustFinding environmentOverlap(List<Double> overlaps) {
        if (overlaps.isEmpty()) {
            return null;
        }
        double max = overlaps.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        String where = overlaps.size() == 1 ? "another environment's dataset" : overlaps.size() + " other environments' datasets";
        return new TrustFinding(TrustFinding.CONTAMINATION, ENVIRONMENT_OVERLAP,
                percent(max) + " of rows appear in " + where,
                "Keep only rows you wrote or may publish; if the other environment is yours or its source, say so in the README.",
                null, null, null, max, null);
    }

    /** The finding for one reference benchmark, with one of the dataset's rows found in it when the preview has one. */
    public static TrustFinding benchmarkOverlap(BenchmarkScan.Match m) {
        return new TrustFinding(TrustFinding.CONTAMINATION, BENCHMARK_OVERLAP,
                percent(m.overlap()) + " of rows overlap " + m.name(),
                "Remove " + m.name() + "'s test items from the dataset: a model trained on them scores falsely well on "
                        + m.name() + ".", m.example() == null ? null : m.example().index(),
                m.example() == null ? null : m.example().prompt(), null, m.overlap(), null);
    }

    /**
     * Replaces the findings of one probe in a report's {@code trust.findings} (creating {@code trust} and the list
     * when there is something to add); the others keep their order.
     *
     * @param report the stored report (changed in place)
     * @param probe the probe whose findings are replaced
     * @param findings the new findings (none: the probe's findings are removed)
     * @param json the mapper
     */
    public static void replace(ObjectNode report, String probe, List<TrustFinding> findings, ObjectMapper json) {
        JsonNode trust = report.get("trust");
        JsonNode old = trust == null ? null : trust.get(TrustReport.FINDINGS);
        if (findings.isEmpty() && (old == null || !old.isArray())) {
            return; // nothing to remove, nothing to add: the report stays as it was
        }
        ObjectNode trustNode = trust instanceof ObjectNode t ? t : report.putObject("trust");
        ArrayNode kept = json.createArrayNode();
        if (old != null && old.isArray()) {
            for (JsonNode f : old) {
                if (!probe.equals(f.path("probe").asText(""))) {
                    kept.add(f);
                }
            }
        }
        findings.forEach(f -> kept.add(json.valueToTree(f)));
        trustNode.set(TrustReport.FINDINGS, kept);
    }

    private static String percent(double share) {
        return Math.round(share * 100) + " %";
    }
}
