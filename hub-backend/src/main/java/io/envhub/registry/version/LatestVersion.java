package io.envhub.registry.version;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.version.Version;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.EnvironmentVersion;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Keeps an environment's "latest version" right (PEP 440 order: the newest non-yanked final release, else the newest
 * non-yanked pre-release) and its summary, README, licence and tags in step with that version.
 */
@ApplicationScoped
public class LatestVersion {
    private static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9-]{0,49}");
    private static final int MAX_TAGS = 20;

    private final ObjectMapper json;
    private final EnvironmentStatus status;

    public LatestVersion(ObjectMapper json, EnvironmentStatus status) {
        this.json = json;
        this.status = status;
    }

    /**
     * Recomputes after a push, yank, unyank or delete, and the environment's denormalised status with it
     * ({@link EnvironmentStatus}); call inside the transaction that made the change.
     */
    public void refresh(Environment env) {
        update(env);
        status.refresh(env.id);
    }

    private void update(Environment env) {
        List<EnvironmentVersion> live = EnvironmentVersion.<EnvironmentVersion>list("environment = ?1 and yanked = false", env);
        Optional<EnvironmentVersion> newest = pick(live);
        env.updatedAt = OffsetDateTime.now();
        if (newest.isEmpty()) {
            env.latestVersion = null;
            return;
        }
        EnvironmentVersion v = newest.get();
        env.latestVersion = v.version;
        try {
            JsonNode m = json.readTree(v.coreMetadata);
            env.summary = text(m, "summary");
            env.readme = text(m, "description");
            env.readmeContentType = text(m, "descriptionContentType");
            env.license = text(m, "license");
            List<String> keywords = new ArrayList<>();
            m.path("keywords").forEach(k -> keywords.add(k.asText()));
            env.tags = tags(keywords);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The version "latest" means among {@code versions}: the newest final release, else the newest pre-release. */
    public static Optional<EnvironmentVersion> pick(List<EnvironmentVersion> versions) {
        EnvironmentVersion best = null;
        Version bestVersion = null;
        boolean bestIsFinal = false;
        for (EnvironmentVersion candidate : versions) {
            Version parsed = Version.parse(candidate.version);
            boolean isFinal = !parsed.isPrerelease();
            if (best == null || isFinal && !bestIsFinal || isFinal == bestIsFinal && parsed.compareTo(bestVersion) > 0) {
                best = candidate;
                bestVersion = parsed;
                bestIsFinal = isFinal;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Keywords as tags: lower-case, trimmed, valid, unique, at most 20. */
    static String[] tags(List<String> keywords) {
        Set<String> tags = new LinkedHashSet<>();
        for (String keyword : keywords) {
            String tag = keyword.trim().toLowerCase(Locale.ROOT).replace(' ', '-').replace('_', '-');
            if (TAG.matcher(tag).matches() && tags.size() < MAX_TAGS) {
                tags.add(tag);
            }
        }
        return tags.toArray(String[]::new);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
