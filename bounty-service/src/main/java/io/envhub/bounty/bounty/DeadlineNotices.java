package io.envhub.bounty.bounty;

import io.envhub.bounty.event.Outbox;
import io.envhub.contract.event.NotificationKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;

/**
 * Sponsors hear once per bounty that its deadline is less than 3 days away: the bounty is marked
 * ({@code deadline_notice_at}, V13) in the transaction that writes the notice, so several instances never send it twice.
 */
@ApplicationScoped
public class DeadlineNotices {
    /** The notice type (notifications only, no webhook event). */
    static final String TYPE = "bounty.deadline-soon";

    private final EntityManager em;
    private final Outbox outbox;

    public DeadlineNotices(EntityManager em, Outbox outbox) {
        this.em = em;
        this.outbox = outbox;
    }

    /** Marks and notices every open bounty due within 3 days that was not noticed yet; how many. */
    @Transactional
    public int remindSponsors() {
        @SuppressWarnings("unchecked")
        List<Object[]> due = em.createNativeQuery("""
                UPDATE bounty.bounties SET deadline_notice_at = now()
                 WHERE id IN (SELECT id FROM bounty.bounties WHERE status = 'open' AND deadline_notice_at IS NULL
                                AND deadline > now() AND deadline <= now() + interval '3 days' FOR UPDATE SKIP LOCKED)
                RETURNING id, sponsor_username, title, CAST(deadline AS text)""").getResultList();
        for (Object[] b : due) {
            long id = ((Number) b[0]).longValue();
            String sponsor = (String) b[1];
            outbox.notice(TYPE, id, sponsor, Map.of("bountyId", id, "title", b[2], "deadline", b[3]), Outbox.tell(sponsor,
                    NotificationKind.DEADLINE_SOON, "The deadline of \"" + b[2] + "\" is in less than 3 days (" + b[3] + ")",
                    "/bounties/" + id));
        }
        return due.size();
    }
}
