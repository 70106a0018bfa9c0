package io.envhub.registry.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.registry.model.Environment;
import io.envhub.registry.security.AccessPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.util.List;

/**
 * Names in a report's {@code trust.contamination} are filtered by the READER's access when the report is read, not
 * when it was written: an entry naming an environment the reader cannot see (private, or turned private since the
 * scan, or deleted) is left out, so private names never reach anonymous readers or non-members.
 */
@ApplicationScoped
public class ContaminationFilter {
    private final EntityManager em;
    private final AccessPolicy access;

    public ContaminationFilter(EntityManager em, AccessPolicy access) {
        this.em = em;
        this.access = access;
    }

    /** The report with only the contamination entries the caller may see (the stored report is not changed). */
    public JsonNode forReader(JsonNode report) {
        JsonNode entries = report.path("trust").path("contamination");
        if (!entries.isArray() || entries.isEmpty()) {
            return report;
        }
        ArrayNode visible = ((ArrayNode) entries).arrayNode();
        for (JsonNode entry : entries) {
            if (readable(entry.path("owner").asText(""), entry.path("name").asText(""))) {
                visible.add(entry);
            }
        }
        ObjectNode copy = report.deepCopy();
        ((ObjectNode) copy.get("trust")).set("contamination", visible);
        return copy;
    }

    private boolean readable(String owner, String name) {
        List<?> ids = em.createNativeQuery("SELECT e.id FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id"
                        + " WHERE lower(o.name) = lower(?1) AND e.name = ?2")
                .setParameter(1, owner).setParameter(2, name).getResultList();
        if (ids.isEmpty()) {
            return false;
        }
        Environment env = Environment.findById(((Number) ids.get(0)).longValue());
        return env != null && access.canRead(env);
    }
}
