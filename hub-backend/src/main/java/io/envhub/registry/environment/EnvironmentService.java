package io.envhub.registry.environment;

import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.version.Version;
import io.envhub.registry.RegistryConfig;
import io.envhub.registry.environment.EnvironmentViews.Detail;
import io.envhub.registry.environment.EnvironmentViews.Install;
import io.envhub.registry.environment.EnvironmentViews.Readme;
import io.envhub.registry.environment.EnvironmentViews.SettingsPatch;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
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

    public EnvironmentService(EnvironmentLookup lookup, AccessPolicy access, Caller caller, EntityManager em,
                              RegistryConfig config) {
        this.lookup = lookup;
        this.access = access;
        this.caller = caller;
        this.em = em;
        this.publicUrl = config.publicUrl().replaceAll("/+$", "");
    }

    /** The page data of {@code owner/name}; 404 when it does not exist or the caller may not read it. */
    @Transactional
    public Detail detail(String owner, String name) {
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
    public Detail update(String owner, String name, SettingsPatch patch) {
        access.requireSignedIn();
        Environment env = lookup.readable(owner, name);
        access.requireManage(env);
        if (patch == null) {
            throw new ApiException.Invalid("invalid-request", "Send a JSON object with summary, visibility and/or tags.");
        }
        List<String> sets = new ArrayList<>();
        Map<String, Object> params = new HashMap<>();
        if (patch.summary() != null) {
            String summary = patch.summary().strip();
            if (summary.length() > MAX_SUMMARY || summary.contains("\n")) {
                throw new ApiException.Invalid("invalid-summary", "The summary is one line of at most " + MAX_SUMMARY
                        + " characters.");
            }
            sets.add("summary = CAST(:summary AS text)");
            params.put("summary", summary.isEmpty() ? null : summary);
        }
        if (patch.visibility() != null) {
            if (!Environment.PUBLIC.equals(patch.visibility()) && !Environment.PRIVATE.equals(patch.visibility())) {
                throw new ApiException.Invalid("invalid-visibility", "visibility must be 'public' or 'private'.");
            }
            sets.add("visibility = :visibility");
            params.put("visibility", patch.visibility());
        }
        if (patch.tags() != null) {
            sets.add("tags = CAST(:tags AS text[])");
            params.put("tags", "{" + String.join(",", Tags.normalizeAll(patch.tags())) + "}");
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
        }
        return detail(env);
    }

    private Detail detail(Environment env) {
        String ownerName = env.owner.name;
        boolean starred = !caller.isAnonymous() && !em.createNativeQuery(
                        "SELECT 1 FROM hub.stars WHERE user_id = ?1 AND environment_id = ?2")
                .setParameter(1, caller.ownerId()).setParameter(2, env.id).getResultList().isEmpty();
        Install install = new Install("pip install --index-url " + publicUrl + "/simple/" + ownerName + "/ " + env.name,
                "envhub install " + ownerName + "/" + env.name);
        return new Detail(ownerName, env.name, env.displayName, env.summary, List.copyOf(Arrays.asList(env.tags)),
                env.license, env.visibility, env.latestVersion, latestStatus(env), env.starCount, env.downloadCount,
                starred, env.createdAt, env.updatedAt, install);
    }

    private String latestStatus(Environment env) {
        if (env.latestVersion == null) {
            return null;
        }
        String key;
        try {
            key = Version.parse(env.latestVersion).identityKey();
        } catch (InvalidVersionException e) {
            return null;
        }
        List<?> status = em.createNativeQuery("SELECT status FROM hub.versions WHERE environment_id = ?1 AND version_key = ?2")
                .setParameter(1, env.id).setParameter(2, key).getResultList();
        return status.isEmpty() ? null : status.get(0).toString();
    }
}
