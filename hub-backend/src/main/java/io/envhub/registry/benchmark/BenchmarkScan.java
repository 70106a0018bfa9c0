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
     */
    public record Match(String name, double overlap, int compared, int matched) {
    }

    /** The sets holding more than the configured threshold of the dataset's rows, largest overlap first. */
    public List<Match> scan(Fingerprint mine) {
        List<Row> sets = Row.list(em.createNativeQuery("SELECT name, CAST(fingerprint AS text) AS fingerprint"
                + " FROM hub.reference_sets ORDER BY name", Tuple.class));
        List<Match> out = new ArrayList<>();
        for (Row set : sets) {
            Contamination.Overlap o;
            try {
                o = Contamination.overlap(mine, json.readValue(set.string("fingerprint"), Fingerprint.class));
            } catch (JsonProcessingException | IllegalArgumentException e) {
                continue; // another algorithm: not comparable
            }
            if (o.matchedRows() > 0 && o.fraction() > config.threshold()) {
                out.add(new Match(set.string("name"), Math.round(o.fraction() * 1000) / 1000.0, o.comparedRows(), o.matchedRows()));
            }
        }
        out.sort(Comparator.comparingDouble(Match::overlap).reversed().thenComparing(Match::name));
        return out;
    }
}
