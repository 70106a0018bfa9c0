package io.envhub.registry.environment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.EnvironmentDetail.Install;
import io.envhub.contract.api.EnvironmentDetail.ValidatedVersion;
import io.envhub.contract.api.ProjectLink;
import io.envhub.contract.api.Verdict;
import io.envhub.format.metadata.MetadataField;
import io.envhub.format.metadata.ProjectUrls;
import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.version.Version;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.RegistryConfig;
import io.envhub.contract.api.Readme;
import io.envhub.registry.environment.EnvironmentViews.SettingsPatch;
import io.envhub.kit.domain.Domains;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Environment;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.model.VersionVerdicts;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import io.envhub.registry.persistence.RetryOnDeadlock;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads an environment's page data and changes its settings. */
@ApplicationScoped
public class EnvironmentService {
    /** Longest summary. */
    public static final int MAX_SUMMARY = 512;

    private final EnvironmentLookup lookup;
    private final AccessPolicy access;
    private final Caller caller;
    private final EntityManager em;
    private final String publicUrl;
    private final ObjectMapper json;
    private final Event<EnvironmentViews.GateChange> gateChanges;

    public EnvironmentService(EnvironmentLookup lookup, AccessPolicy access, Caller caller, EntityManager em,
                              RegistryConfig config, ObjectMapper json, Event<EnvironmentViews.GateChange> gateChanges) {
        this.gateChanges = gateChanges;
        this.json = json;
        this.lookup = lookup;
        this.access = access;
        this.caller = caller;
        this.em = em;
        this.publicUrl = config.publicUrl().replaceAll("/+$", "");
    }

    /** The page data of {@code owner/name}; 404 when it does not exist or the caller may not read it. */
    @Transactional
    public EnvironmentDetail detail(String owner, String name) {
        return detail(lookup.readable(owner, name));
    }

    /** The README of {@code owner/name}. */
    @Transactional
    public Readme readme(String owner, String name) {
        Environment env = lookup.readable(owner, name);
        return new Readme(env.readmeContentType == null ? "text/plain" : env.readmeContentType,
                env.readme == null ? "" : env.readme);
    }

    /** Changes summary, visibility and tags; 404 when the caller cannot see it, 401/403 when they may not manage it. */
    @Transactional
    @RetryOnDeadlock
    public EnvironmentDetail update(String owner, String name, SettingsPatch patch) {
        access.requireSignedIn();
        Environment env = lookup.readable(owner, name);
        access.requireManage(env);
        if (patch == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST,
                    "Send a JSON object with summary, visibility, tags, gated and/or gateTerms.");
        }
        List<String> sets = new ArrayList<>();
        Map<String, Object> params = new HashMap<>();
        if (patch.summary() != null) {
            String summary = patch.summary().strip();
            if (summary.length() > MAX_SUMMARY || summary.contains("\n")) {
                throw new ApiException.Invalid(ProblemCode.INVALID_SUMMARY, "The summary is one line of at most " + MAX_SUMMARY
                        + " characters.");
            }
            sets.add("summary = CAST(:summary AS text)");
            params.put("summary", summary.isEmpty() ? null : summary);
        }
        if (patch.visibility() != null) {
            if (!Environment.PUBLIC.equals(patch.visibility()) && !Environment.PRIVATE.equals(patch.visibility())) {
                throw new ApiException.Invalid(ProblemCode.INVALID_VISIBILITY, "visibility must be 'public' or 'private'.");
            }
            sets.add("visibility = :visibility");
            params.put("visibility", patch.visibility());
        }
        if (patch.tags() != null) {
            sets.add("tags = CAST(:tags AS text[])");
            params.put("tags", "{" + String.join(",", Tags.normalizeAll(patch.tags())) + "}");
        }
        boolean gateChanged = patch.gated() != null || patch.gateTerms() != null;
        if (gateChanged) {
            // the gate feature checks and writes its columns (and its audit row) in this transaction
            gateChanges.fire(new EnvironmentViews.GateChange(env.id, patch.gated(), patch.gateTerms()));
        }
        if (!sets.isEmpty()) {
            // only the changed columns: counters moved by concurrent downloads and stars must not be overwritten
            var update = em.createNativeQuery("UPDATE hub.environments SET " + String.join(", ", sets)
                    + ", updated_at = now() WHERE id = :id");
            params.forEach(update::setParameter);
            update.setParameter("id", env.id).executeUpdate();
            Long id = env.id;
            em.clear();
            env = em.find(Environment.class, id);
        } else if (gateChanged) {
            em.flush();
            Long id = env.id;
            em.clear();
            env = em.find(Environment.class, id);
        }
        return detail(env);
    }

    private EnvironmentDetail detail(Environment env) {
        String ownerName = env.owner.name;
        boolean starred = !caller.isAnonymous() && !em.createNativeQuery(
                        "SELECT 1 FROM hub.stars WHERE user_id = ?1 AND environment_id = ?2")
                .setParameter(1, caller.ownerId()).setParameter(2, env.id).getResultList().isEmpty();
        Install install = new Install("pip install --index-url " + publicUrl + "/simple/" + ownerName + "/ " + env.name,
                "envhub install " + ownerName + "/" + env.name);
        Versions shown = versions(env);
        return new EnvironmentDetail(ownerName, env.name, env.displayName, env.summary, List.copyOf(Arrays.asList(env.tags)),
                env.license, env.visibility, env.latestVersion, env.starCount, env.downloadCount,
                starred, env.createdAt, env.updatedAt, install, shown.latest, shown.validated, env.unlistedAt != null,
                env.unlistReason, shown.projectUrls, Domains.among(Arrays.asList(env.tags)), env.gated);
    }

    /** The latest version's verdict, and the newest validated version with its verdict. */
    private record Versions(Verdict latest, ValidatedVersion validated,
                            List<ProjectLink> projectUrls) {
    }

    private Versions versions(Environment env) {
        String key = null;
        if (env.latestVersion != null) {
            try {
                key = Version.parse(env.latestVersion).identityKey();
            } catch (InvalidVersionException e) {
                key = null;
            }
        }
        List<Row> rows = Row.list(em.createNativeQuery("SELECT v.version, v.trust_status, v.runtime_verified,"
                        + " CAST(v.trust_flags AS text) AS trust_flags, v.status_reason,"
                        + " v.version_key = CAST(?2 AS text) AS is_latest, v.version = e.validated_version AS is_validated,"
                        + " CAST(v.core_metadata -> 'other' AS text) AS other_metadata"
                        + " FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id"
                        + " WHERE e.id = ?1 AND (v.version_key = CAST(?2 AS text) OR v.version = e.validated_version)", Tuple.class)
                .setParameter(1, env.id).setParameter(2, key));
        Verdict latest = null;
        ValidatedVersion validated = null;
        List<ProjectLink> links = List.of();
        for (Row r : rows) {
            Verdict verdict = VersionVerdicts.fromColumns(r.string("trust_status"), r.bool("runtime_verified"),
                    r.string("trust_flags"), r.string("status_reason"));
            if (r.isTrue("is_latest")) {
                latest = verdict;
                links = projectUrls(r.string("other_metadata"));
            }
            if (r.isTrue("is_validated")) {
                validated = new ValidatedVersion(r.string("version"), verdict);
            }
        }
        return new Versions(latest, validated, links);
    }

    /** The links among the latest version's other metadata headers ({@code {"Project-URL": [...], ...}}). */
    private List<ProjectLink> projectUrls(String otherJson) {
        if (otherJson == null) {
            return List.of();
        }
        try {
            List<MetadataField> fields = new ArrayList<>();
            JsonNode other = json.readTree(otherJson);
            other.fields().forEachRemaining(e -> e.getValue()
                    .forEach(v -> fields.add(new MetadataField(e.getKey(), v.asText()))));
            return ProjectUrls.of(fields).stream().map(l -> new ProjectLink(l.label(), l.kind(), l.url())).toList();
        } catch (JsonProcessingException e) {
            return List.of();
        }
    }
}
