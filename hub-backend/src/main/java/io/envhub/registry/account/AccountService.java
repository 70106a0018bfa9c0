package io.envhub.registry.account;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/** Mirrors Keycloak users into {@code hub.owners} the first time they are seen, and keeps their details fresh. */
@ApplicationScoped
public class AccountService {
    private final EntityManager em;

    public AccountService(EntityManager em) {
        this.em = em;
    }

    /**
     * Creates or updates the owner row of a signed-in user. Concurrent first requests are safe: the insert is an
     * upsert on the subject.
     */
    @Transactional
    public Owner mirror(String subject, String username, String displayName, String email, java.util.Set<String> roles) {
        String[] sortedRoles = roles.stream().sorted().toArray(String[]::new);
        Owner existing = Owner.findByName(username).orElse(null);
        if (existing != null && !subject.equals(existing.subject)) {
            throw new io.envhub.kit.error.ApiException.Conflict("name-taken", "The name '" + username
                    + "' already belongs to another owner on this hub (an organisation); ask an admin to resolve it.");
        }
        em.createNativeQuery("""
                INSERT INTO hub.owners (kind, name, display_name, email, subject, roles)
                VALUES ('user', :name, :displayName, :email, :subject, CAST(:roles AS text[]))
                ON CONFLICT (subject) DO UPDATE
                   SET display_name = EXCLUDED.display_name, email = EXCLUDED.email, roles = EXCLUDED.roles,
                       updated_at = now()
                 WHERE owners.display_name IS DISTINCT FROM EXCLUDED.display_name
                    OR owners.email IS DISTINCT FROM EXCLUDED.email
                    OR owners.roles IS DISTINCT FROM EXCLUDED.roles
                """)
                .setParameter("roles", "{" + String.join(",", sortedRoles) + "}")
                .setParameter("name", username)
                .setParameter("displayName", displayName)
                .setParameter("email", email)
                .setParameter("subject", subject)
                .executeUpdate();
        Owner owner = Owner.findBySubject(subject);
        em.refresh(owner);
        return owner;
    }
}
