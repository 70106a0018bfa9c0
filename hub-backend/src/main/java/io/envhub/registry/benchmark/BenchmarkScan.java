package io.envhub.registry.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.fingerprint.Contamination;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Compares a dataset's fingerprint with every registered reference set. */
@ApplicationScoped
public class BenchmarkScan {
    private final EntityManager em;
    private final ObjectMapper json;
    private final BenchmarkConfig config;

    public BenchmarkScan(EntityManager em, ObjectMapper json, BenchmarkConfig config) {
        this.em = em;
        this.json = json;
        this.config = config;
    }

    /**
     * A reference set that holds rows of the dataset.
     *
     * @param name the set's name
     * @param overlap share of the dataset's compared rows found in the set (0..1)
     * @param compared rows compared
     * @param matched rows found
     * @param example the first row of the report's preview found in the set, or null when none of them was
     */
    public record Match(String name, double overlap, int compared, int matched, PreviewRow example) {
    }

    /**
     * The sets holding more than the configured threshold of the dataset's rows, largest overlap first, each with an
     * example row from {@code preview} when one of those rows is in the set.
     */
    public List<Match> scan(Fingerprint mine, List<PreviewRow> preview) {
        List<Row> sets = Row.list(em.createNativeQuery("SELECT name, CAST(fingerprint AS text) AS fingerprint"
                + " FROM hub.reference_sets ORDER BY name", Tuple.class));
        List<Match> out = new ArrayList<>();
        for (Row set : sets) {
            Contamination.Overlap o;
            Fingerprint theirs;
            try {
                theirs = json.readValue(set.string("fingerprint"), Fingerprint.class);
                o = Contamination.overlap(mine, theirs);
            } catch (JsonProcessingException | IllegalArgumentException e) {
                continue; // another algorithm: not comparable
            }
            if (o.matchedRows() > 0 && o.fraction() > config.threshold()) {
                PreviewRow example = preview.stream()
                        .filter(r -> Contamination.overlap(r.fingerprint(), theirs).matchedRows() > 0).findFirst().orElse(null);
                out.add(new Match(set.string("name"), Math.round(o.fraction() * 1000) / 1000.0, o.comparedRows(), o.matchedRows(),
                        example));
            }
        }
        out.sort(Comparator.comparingDouble(Match::overlap).reversed().thenComparing(Match::name));
        return out;
    }
}
