package io.envhub.web.environment;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A validation report as the version page shows it, read leniently from the stored JSON (fields the validator did
 * not reach are null or empty).
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
 */
public record ReportView(String status, String summary, boolean runtimeVerified, List<Check> checks, List<Probe> probes,
                         Double bestScore, List<String> flags, Boolean deterministic, List<Overlap> contamination,
                         Integer datasetRows, String log) {
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

    /** Reads a stored report. */
    public static ReportView of(JsonNode r) {
        List<Check> checks = new ArrayList<>();
        for (JsonNode c : r.path("checks")) {
            checks.add(new Check(c.path("id").asText(""), c.path("status").asText(""), c.path("message").asText("")));
        }
        JsonNode trust = r.path("trust");
        List<Probe> probes = new ArrayList<>();
        for (JsonNode p : trust.path("probes")) {
            probes.add(new Probe(p.path("name").asText(""), number(p.get("meanScore")), p.path("rows").asInt(),
                    p.path("errors").asInt(), p.path("flagged").asBoolean()));
        }
        List<String> flags = new ArrayList<>();
        trust.path("flags").forEach(f -> flags.add(f.asText()));
        List<Overlap> overlaps = new ArrayList<>();
        for (JsonNode m : trust.path("contamination")) {
            overlaps.add(new Overlap(m.path("owner").asText(""), m.path("name").asText(""), m.path("version").asText(""),
                    number(m.get("overlap"))));
        }
        JsonNode det = trust.get("deterministic");
        JsonNode rows = r.path("dataset").get("size");
        return new ReportView(text(r.get("status")), text(r.get("summary")), r.path("runtimeVerified").asBoolean(),
                checks, probes, number(trust.get("bestScore")), flags,
                det == null || det.isNull() ? null : det.asBoolean(), overlaps,
                rows == null || rows.isNull() ? null : rows.asInt(), text(r.get("log")));
    }

    /** Whether the trust part was reached. */
    public boolean hasTrust() {
        return !probes.isEmpty() || !flags.isEmpty() || deterministic != null || !contamination.isEmpty();
    }

    private static Double number(JsonNode n) {
        return n == null || !n.isNumber() ? null : n.asDouble();
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }
}
