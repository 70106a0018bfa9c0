package io.envhub.registry.event;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;

/** The user names behind an owner: the user itself, or an organisation's owners and maintainers. */
@ApplicationScoped
public class People {
    private final EntityManager em;

    public People(EntityManager em) {
        this.em = em;
    }

    /** Who speaks for owner {@code ownerId}: the user, or the organisation's owners and maintainers. */
    public List<String> managersOf(long ownerId) {
        List<String> out = new ArrayList<>();
        for (Object name : em.createNativeQuery("""
                SELECT o.name FROM hub.owners o WHERE o.id = ?1 AND o.kind = 'user'
                UNION
                SELECT u.name FROM hub.org_members m JOIN hub.owners u ON u.id = m.user_id
                 WHERE m.org_id = ?1 AND m.role IN ('owner', 'maintainer')""").setParameter(1, ownerId).getResultList()) {
            out.add((String) name);
        }
        return out;
    }

    /** The name of user {@code userId}, or null. */
    public String nameOf(Long userId) {
        if (userId == null) {
            return null;
        }
        List<?> rows = em.createNativeQuery("SELECT name FROM hub.owners WHERE id = ?1").setParameter(1, userId).getResultList();
        return rows.isEmpty() ? null : (String) rows.get(0);
    }
}
