package io.envhub.bounty.participant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/** Records participants on first sight (an upsert, safe under concurrent first requests). */
@ApplicationScoped
public class ParticipantService {
    private final EntityManager em;

    public ParticipantService(EntityManager em) {
        this.em = em;
    }

    @Transactional
    public Participant seen(String subject, String username, String displayName) {
        em.createNativeQuery("""
                INSERT INTO bounty.participants (subject, username, display_name) VALUES (:subject, :username, :name)
                ON CONFLICT (subject) DO UPDATE
                   SET username = EXCLUDED.username, display_name = EXCLUDED.display_name, last_seen_at = now()
                """)
                .setParameter("subject", subject)
                .setParameter("username", username)
                .setParameter("name", displayName)
                .executeUpdate();
        Participant p = em.find(Participant.class, subject);
        em.refresh(p);
        return p;
    }

    /** Records that the user acted here (a draft, a submission) without touching their display name. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void acted(String subject, String username) {
        em.createNativeQuery("""
                INSERT INTO bounty.participants (subject, username) VALUES (:subject, :username)
                ON CONFLICT (subject) DO UPDATE SET username = EXCLUDED.username, last_seen_at = now()
                """)
                .setParameter("subject", subject)
                .setParameter("username", username)
                .executeUpdate();
    }
}
