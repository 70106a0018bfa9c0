package io.envhub.registry.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.TaskType;
import jakarta.persistence.EntityManager;
import java.util.Map;

/**
 * The search's task facet for packages that do not tag themselves: a verifiers v1 report's {@code layout.taskType}
 * (inferred statically from the package's classes) becomes the environment's task tag when the report is for its
 * latest version and its keywords name no task type. The tags are recomputed from the keywords at the next push
 * (and the next report adds the tag again).
 */
final class TaskTags {

    /** The validator's task types and the tags they become (a harness runs the model in a program with tools). */
    static final Map<String, String> TAGS = Map.of("single-turn", TaskType.SINGLE_TURN.wire(),
            "multi-turn", TaskType.MULTI_TURN.wire(), "tool use", TaskType.TOOL_USE.wire(),
            "harness", TaskType.TOOL_USE.wire());

    private TaskTags() {
    }

    static void apply(EntityManager em, long versionId, JsonNode report) {
        String tag = TAGS.get(report.path("layout").path("taskType").asText(""));
        if (tag == null) {
            return;
        }
        em.createNativeQuery("UPDATE hub.environments e SET tags = array_append(e.tags, CAST(?1 AS text))"
                        + " FROM hub.versions v WHERE v.id = ?2 AND e.id = v.environment_id AND e.latest_version = v.version"
                        + " AND NOT (e.tags && CAST(?3 AS text[])) AND cardinality(e.tags) < 20")
                .setParameter(1, tag).setParameter(2, versionId)
                .setParameter(3, "{" + String.join(",", TaskType.wires()) + "}").executeUpdate();
    }
}
