package io.envhub.registry.security;

import io.envhub.registry.model.Owner;
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

    /** Prefix of the owner name given to a user whose user name another owner (an organisation) already has. */
    public static final String TAKEN_PREFIX = "~";

    /**
     * Creates or updates the owner row of a signed-in user. Concurrent first requests are safe: the insert is an
     * upsert on the subject. A user whose name an organisation already has (it was created before they registered in
     * Keycloak) is still mirrored, under {@code ~username}: they can use the API, but have no personal namespace
     * (pushing to {@code username/...} answers 409 {@code namespace-taken}) until an admin renames one of the two.
     */
    @Transactional
    public Owner mirror(String subject, String username, String displayName, String email, java.util.Set<String> roles) {
        String[] sortedRoles = roles.stream().sorted().toArray(String[]::new);
        Owner mirrored = Owner.findBySubject(subject);
        Owner existing = Owner.findByName(username).orElse(null);
        String name = username;
        if (mirrored != null) {
            name = mirrored.name; // the name is kept once given
        } else if (existing != null && !subject.equals(existing.subject)) {
            name = Owner.findByName(TAKEN_PREFIX + username).isEmpty() ? TAKEN_PREFIX + username : TAKEN_PREFIX + subject;
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
                .setParameter("name", name)
                .setParameter("displayName", displayName)
                .setParameter("email", email)
                .setParameter("subject", subject)
                .executeUpdate();
        Owner owner = Owner.findBySubject(subject);
        em.refresh(owner);
        return owner;
    }
}
