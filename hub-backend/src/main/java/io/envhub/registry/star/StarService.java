package io.envhub.registry.star;

import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/**
 * Stars. Each change is one SQL statement that inserts (or deletes) the star row and moves {@code star_count} only
 * when a row really changed, so the count stays exact when the same user stars many times concurrently.
 */
@ApplicationScoped
public class StarService {
    private final EnvironmentLookup lookup;
    private final AccessPolicy access;
    private final EntityManager em;

    public StarService(EnvironmentLookup lookup, AccessPolicy access, EntityManager em) {
        this.lookup = lookup;
        this.access = access;
        this.em = em;
    }

    /** Stars {@code owner/name} for the caller; starring twice is not an error. */
    @Transactional
    public void star(String owner, String name) {
        Owner me = access.requireScope(Caller.PUBLISH);
        Environment env = lookup.readable(owner, name);
        em.createNativeQuery("""
                WITH added AS (
                    INSERT INTO hub.stars (user_id, environment_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING RETURNING 1)
                UPDATE hub.environments SET star_count = star_count + 1 WHERE id = ?2 AND EXISTS (SELECT 1 FROM added)
                """).setParameter(1, me.id).setParameter(2, env.id).executeUpdate();
    }

    /** Removes the caller's star; removing a missing star is not an error. */
    @Transactional
    public void unstar(String owner, String name) {
        Owner me = access.requireScope(Caller.PUBLISH);
        Environment env = lookup.readable(owner, name);
        em.createNativeQuery("""
                WITH removed AS (
                    DELETE FROM hub.stars WHERE user_id = ?1 AND environment_id = ?2 RETURNING 1)
                UPDATE hub.environments SET star_count = star_count - 1 WHERE id = ?2 AND EXISTS (SELECT 1 FROM removed)
                """).setParameter(1, me.id).setParameter(2, env.id).executeUpdate();
    }
}
