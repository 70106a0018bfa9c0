package io.envhub.registry.notification;

import io.envhub.contract.event.Notice;
import io.envhub.contract.event.NotificationKind;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.RegistryConfig;
import io.envhub.registry.event.EventConsumer;
import io.envhub.registry.event.StoredEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Turns an event's notices into inbox rows and queued emails, in the dispatcher's transaction, following each
 * recipient's preferences for the notice's kind (default: inbox and email). Emails are queued only when SMTP is
 * configured and the user has an address. A user the hub does not know (never signed in) is skipped.
 */
@ApplicationScoped
public class NotificationFanOut implements EventConsumer {
    private static final Logger LOG = Logger.getLogger(NotificationFanOut.class);

    private final EntityManager em;
    private final NotificationConfig config;
    private final UnsubscribeTokens tokens;
    private final RegistryConfig registry;

    public NotificationFanOut(EntityManager em, NotificationConfig config, UnsubscribeTokens tokens, RegistryConfig registry) {
        this.registry = registry;
        this.em = em;
        this.config = config;
        this.tokens = tokens;
    }

    @Override
    public void consume(StoredEvent event) {
        for (Notice notice : event.notices()) {
            Optional<NotificationKind> kind = NotificationKind.find(notice.kind());
            if (kind.isEmpty() || notice.user() == null) {
                LOG.warnf("event %s: a notice of unknown kind %s is skipped", event.id(), notice.kind());
                continue;
            }
            for (Row user : recipients(notice.user(), kind.get())) {
                deliver(event, notice, kind.get(), user);
            }
        }
    }

    private List<Row> recipients(String user, NotificationKind kind) {
        String where = Notice.ADMINS.equals(user) ? "o.kind = 'user' AND 'admin' = ANY (o.roles)"
                : "o.kind = 'user' AND lower(o.name) = lower(?2)";
        var q = em.createNativeQuery("SELECT o.id, o.email, coalesce(p.inbox, true) AS inbox, coalesce(p.email, true) AS mail"
                + " FROM hub.owners o LEFT JOIN hub.notification_preferences p ON p.user_id = o.id AND p.kind = ?1"
                + " WHERE " + where, Tuple.class).setParameter(1, kind.wire());
        if (!Notice.ADMINS.equals(user)) {
            q.setParameter(2, user);
        }
        return Row.list(q);
    }

    private void deliver(StoredEvent event, Notice notice, NotificationKind kind, Row user) {
        long userId = user.longValue("id");
        String title = notice.title().length() > 300 ? notice.title().substring(0, 300) : notice.title();
        Long notificationId = null;
        if (user.isTrue("inbox")) {
            List<?> ids = em.createNativeQuery("INSERT INTO hub.notifications (user_id, event_id, kind, title, link)"
                            + " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING RETURNING id")
                    .setParameter(1, userId).setParameter(2, event.id()).setParameter(3, kind.wire()).setParameter(4, title)
                    .setParameter(5, notice.link()).getResultList();
            if (ids.isEmpty()) {
                return; // this event notified this user of this kind before
            }
            notificationId = ((Number) ids.get(0)).longValue();
        }
        String address = user.string("email");
        if (config.smtpHost().isEmpty() || !user.isTrue("mail") || address == null || address.isBlank()) {
            return;
        }
        String web = registry.webUrl().replaceAll("/+$", "");
        String page = web + "/unsubscribe?token=" + tokens.token(userId, kind);
        String oneClick = registry.publicUrl().replaceAll("/+$", "") + "/api/v1/notifications/unsubscribe?token="
                + tokens.token(userId, kind);
        String body = title + "\n\n" + (notice.link() == null ? web : web + notice.link()) + "\n\n-- \n"
                + "You get this email because \"" + kind.label() + "\" is on in your EnvHub notification settings.\n"
                + "Unsubscribe from these emails: " + page + "\n"
                + "All notification settings: " + web + "/settings/notifications\n";
        em.createNativeQuery("INSERT INTO hub.email_outbox (notification_id, to_address, subject, body_text, unsubscribe_url)"
                        + " VALUES (?1, ?2, ?3, ?4, ?5)")
                .setParameter(1, notificationId).setParameter(2, address).setParameter(3, "[EnvHub] " + title)
                .setParameter(4, body).setParameter(5, oneClick).executeUpdate();
    }
}
