package io.envhub.registry.moderation;

import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.model.EnvironmentVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.time.OffsetDateTime;
import java.util.Map;

/**
 * With {@link ModerationConfig#holdFirstPublication()} on, the first version an account ever publishes is quarantined
 * ("held for review") until an admin lifts it from the review queue.
 */
@ApplicationScoped
public class FirstPublicationHold {
    /** The actor of automatic holds in the audit log. */
    public static final String SYSTEM_ACTOR = "envhub";
    /** The reason shown for a held version. */
    public static final String REASON = "First publication of a new account: held for review by the hub's admins.";

    private final ModerationConfig config;
    private final EntityManager em;
    private final AuditLog audit;

    public FirstPublicationHold(ModerationConfig config, EntityManager em, AuditLog audit) {
        this.config = config;
        this.em = em;
        this.audit = audit;
    }

    /** Holds {@code v} (not yet persisted, owner and version set) when it is its publisher's first version. */
    public void apply(EnvironmentVersion v) {
        if (!config.holdFirstPublication() || v.createdBy == null) {
            return;
        }
        boolean earlier = !em.createNativeQuery("SELECT 1 FROM hub.versions WHERE created_by = ?1 LIMIT 1")
                .setParameter(1, v.createdBy).getResultList().isEmpty();
        if (earlier) {
            return;
        }
        v.heldForReview = true;
        v.quarantinedAt = OffsetDateTime.now();
        v.quarantinedBy = SYSTEM_ACTOR;
        v.quarantineReason = REASON;
        audit.record(SYSTEM_ACTOR, "version.hold", v.environment.owner.name + "/" + v.environment.name + "@" + v.version,
                REASON, Map.of("quarantined", false), Map.of("quarantined", true, "heldForReview", true));
    }
}
