package io.envhub.registry.validation;

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

/**
 * Compares a version's dataset fingerprint with the stored fingerprints of every validated version of the other
 * environments on the hub. Only environments whose names the report's readers may see are named: public ones, and
 * private ones of the same owner.
 */
@ApplicationScoped
public class ContaminationScan {
    private final EntityManager em;
    private final ObjectMapper json;

    public ContaminationScan(EntityManager em, ObjectMapper json) {
        this.em = em;
        this.json = json;
    }

    /** One environment version whose rows contain this dataset's rows. */
    public record Match(String owner, String name, String version, double overlap) {
    }

    /** The versions whose datasets contain more than {@code threshold} of this dataset's rows, largest overlap first. */
    public List<Match> scan(long versionId, Fingerprint mine, double threshold) {
        Row self = Row.single(em.createNativeQuery("SELECT e.id, e.owner_id FROM hub.versions v"
                        + " JOIN hub.environments e ON e.id = v.environment_id WHERE v.id = ?1", Tuple.class)
                .setParameter(1, versionId));
        List<Row> rows = Row.list(em.createNativeQuery("SELECT o.name AS owner, e.name, v.version,"
                        + " CAST(r.fingerprint AS text) AS fingerprint"
                        + " FROM hub.validation_reports r JOIN hub.versions v ON v.id = r.version_id"
                        + " JOIN hub.environments e ON e.id = v.environment_id JOIN hub.owners o ON o.id = e.owner_id"
                        + " WHERE r.fingerprint IS NOT NULL AND v.status = 'validated' AND e.id <> ?1"
                        + " AND (e.visibility = 'public' OR e.owner_id = ?2)", Tuple.class)
                .setParameter(1, self.longValue("id")).setParameter(2, self.longValue("owner_id")));
        List<Match> out = new ArrayList<>();
        for (Row r : rows) {
            Fingerprint theirs = read(r.string("fingerprint"));
            if (theirs == null) {
                continue;
            }
            double overlap;
            try {
                overlap = Contamination.overlap(mine, theirs).fraction();
            } catch (IllegalArgumentException e) {
                continue; // another algorithm or damaged data: not comparable
            }
            if (overlap > threshold) {
                out.add(new Match(r.string("owner"), r.string("name"), r.string("version"),
                        Math.round(overlap * 1000) / 1000.0));
            }
        }
        out.sort(Comparator.comparingDouble(Match::overlap).reversed().thenComparing(Match::owner).thenComparing(Match::name));
        return out;
    }

    private Fingerprint read(String text) {
        try {
            return json.readValue(text, Fingerprint.class);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
