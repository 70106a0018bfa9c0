package io.envhub.bounty;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

/** Direct looks at (and the odd change to) the bounty schema, for what the API does not show or cannot do (time). */
@ApplicationScoped
public class Db {
    private final EntityManager em;

    public Db(EntityManager em) {
        this.em = em;
    }

    /** Moves a bounty's deadline into the past (the API refuses past deadlines). */
    public void deadlinePassed(long bountyId) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE bounty.bounties SET deadline = now() - interval '1 minute' WHERE id = ?1").setParameter(1, bountyId)
                .executeUpdate());
    }

    /** A change the API would never make, e.g. to show that the reconciliation notices it; returns the rows changed. */
    public int update(String sql, Object... params) {
        return QuarkusTransaction.requiringNew().call(() -> {
            var q = em.createNativeQuery(sql);
            for (int i = 0; i < params.length; i++) {
                q.setParameter(i + 1, params[i]);
            }
            return q.executeUpdate();
        });
    }

    /** Each row of a one-column query over the bounty schema as text, in the query's order. */
    public java.util.List<String> texts(String sql, Object... params) {
        return QuarkusTransaction.requiringNew().call(() -> {
            var q = em.createNativeQuery(sql);
            for (int i = 0; i < params.length; i++) {
                q.setParameter(i + 1, params[i]);
            }
            return ((java.util.List<?>) q.getResultList()).stream().map(String::valueOf).toList();
        });
    }

    /** A count over the bounty schema, e.g. {@code SELECT count(*) FROM bounty.reviews WHERE submission_id = ?1}. */
    public long count(String sql, Object... params) {
        return QuarkusTransaction.requiringNew().call(() -> {
            var q = em.createNativeQuery(sql);
            for (int i = 0; i < params.length; i++) {
                q.setParameter(i + 1, params[i]);
            }
            return ((Number) q.getSingleResult()).longValue();
        });
    }
}
