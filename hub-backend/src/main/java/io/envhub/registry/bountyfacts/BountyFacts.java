package io.envhub.registry.bountyfacts;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.bountyfacts.VersionFacts;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.version.Version;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Reads the facts bounty-service asks for, straight from the registry tables (no caller-based visibility). */
@ApplicationScoped
public class BountyFacts {
    /** Whether the user (Keycloak subject) may publish to {@code owner}. */
    public record PublisherFacts(String owner, String subject, boolean mayPublish) {
    }

    /**
     * Whether the user with this Keycloak subject may act at all.
     *
     * @param suspended whether an admin suspended them (a {@code hub.suspensions} row); false for unknown subjects
     */
    public record UserStanding(String subject, boolean suspended) {
    }

    private final EntityManager em;

    public BountyFacts(EntityManager em) {
        this.em = em;
    }

    /** Facts about {@code owner/name@version} (name in any PEP 503 spelling, version in any equal spelling). */
    public VersionFacts version(String owner, String name, String version) {
        String environment = owner + "/" + name;
        String key;
        try {
            key = Version.parse(version).identityKey();
        } catch (InvalidVersionException e) {
            return VersionFacts.absent(environment, version);
        }
        if (!ProjectName.isValid(name)) {
            return VersionFacts.absent(environment, version);
        }
        Optional<Row> found = Row.first(em.createNativeQuery("""
                SELECT v.version, v.status, v.yanked, a.sha256,
                       v.quarantined_at IS NOT NULL AS quarantined, v.quarantine_reason,
                       COALESCE((r.report ->> 'runtimeVerified')::boolean, false) AS runtime_verified,
                       array_to_string(e.tags, ',') AS tags
                  FROM hub.environments e
                  JOIN hub.owners o ON o.id = e.owner_id
                  JOIN hub.versions v ON v.environment_id = e.id
                  LEFT JOIN hub.artifacts a ON a.version_id = v.id
                  LEFT JOIN hub.validation_reports r ON r.version_id = v.id
                 WHERE lower(o.name) = lower(?1) AND e.name = ?2 AND v.version_key = ?3
                 ORDER BY a.id LIMIT 1
                """, Tuple.class).setParameter(1, owner).setParameter(2, ProjectName.normalize(name)).setParameter(3, key));
        if (found.isEmpty()) {
            return VersionFacts.absent(environment, version);
        }
        Row row = found.get();
        String tags = row.string("tags");
        boolean quarantined = row.isTrue("quarantined");
        return new VersionFacts(environment, row.string("version"), true, row.bool("yanked"), quarantined,
                quarantined ? row.string("quarantine_reason") : null, row.string("status"), row.bool("runtime_verified"),
                row.string("sha256"),
                tags == null || tags.isEmpty() ? List.of() : List.of(tags.split(",")));
    }

    /** Whether the user with this Keycloak subject may publish to {@code ownerName} (as {@link AccessPolicy} decides). */
    public PublisherFacts publisher(String ownerName, String subject) {
        if (subject == null || subject.isBlank()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "subject (a Keycloak subject) is required.");
        }
        Owner owner = Owner.findByName(ownerName).orElse(null);
        Owner user = Owner.findBySubject(subject);
        boolean may = false;
        if (owner != null && user != null) {
            List<String> roles = Arrays.asList(user.roles == null ? new String[0] : user.roles);
            if (roles.contains("admin")) {
                may = true;
            } else if (roles.contains("contributor")) {
                may = owner.id.equals(user.id) || orgRole(owner, user).map(r -> AccessPolicy.ORG_OWNER.equals(r)
                        || AccessPolicy.ORG_MAINTAINER.equals(r)).orElse(false);
            }
        }
        return new PublisherFacts(ownerName, subject, may);
    }

    /** The standing of the user with this Keycloak subject (one primary-key look-up, no cache: bounty-service caches). */
    public UserStanding standing(String subject) {
        boolean suspended = !em.createNativeQuery("SELECT 1 FROM hub.suspensions WHERE subject = ?1")
                .setParameter(1, subject).getResultList().isEmpty();
        return new UserStanding(subject, suspended);
    }

    private Optional<String> orgRole(Owner org, Owner user) {
        if (!org.isOrg()) {
            return Optional.empty();
        }
        List<?> roles = em.createNativeQuery("SELECT role FROM hub.org_members WHERE org_id = ?1 AND user_id = ?2")
                .setParameter(1, org.id).setParameter(2, user.id).getResultList();
        return roles.stream().map(Object::toString).findFirst();
    }
}
