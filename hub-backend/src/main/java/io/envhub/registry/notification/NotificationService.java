package io.envhub.registry.notification;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.event.NotificationKind;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Owner;
import io.envhub.registry.notification.NotificationViews.Inbox;
import io.envhub.registry.notification.NotificationViews.KindPreference;
import io.envhub.registry.notification.NotificationViews.Notification;
import io.envhub.registry.notification.NotificationViews.Preferences;
import io.envhub.registry.notification.NotificationViews.Unsubscribed;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The caller's inbox and preferences, and the unsubscribe links of emails. */
@ApplicationScoped
public class NotificationService {
    /** Largest inbox page. */
    public static final int MAX_PAGE = 100;

    private final EntityManager em;
    private final AccessPolicy access;
    private final NotificationConfig config;
    private final UnsubscribeTokens tokens;

    public NotificationService(EntityManager em, AccessPolicy access, NotificationConfig config, UnsubscribeTokens tokens) {
        this.em = em;
        this.access = access;
        this.config = config;
        this.tokens = tokens;
    }

    /** A page of the inbox, newest first ({@code before}: the last id of the previous page). */
    @Transactional
    public Inbox inbox(boolean unreadOnly, int limit, Long before) {
        Owner me = access.requireScope(Caller.READ);
        int n = limit <= 0 ? 30 : Math.min(limit, MAX_PAGE);
        List<Notification> items = new ArrayList<>();
        for (Row r : Row.list(em.createNativeQuery("SELECT id, kind, title, link, created_at, read_at FROM hub.notifications"
                        + " WHERE user_id = ?1 AND (NOT ?2 OR read_at IS NULL) AND id < ?3 ORDER BY id DESC LIMIT ?4", Tuple.class)
                .setParameter(1, me.id).setParameter(2, unreadOnly).setParameter(3, before == null ? Long.MAX_VALUE : before)
                .setParameter(4, n))) {
            items.add(new Notification(r.longValue("id"), r.string("kind"), r.string("title"), r.string("link"),
                    r.time("created_at"), r.time("read_at")));
        }
        return new Inbox(items, unread(me.id));
    }

    /** The caller's unread count. */
    @Transactional
    public long unread() {
        return unread(access.requireScope(Caller.READ).id);
    }

    /** Marks one notification read (404 when it is not the caller's). */
    @Transactional
    public void markRead(long id) {
        Owner me = access.requireScope(Caller.READ);
        int found = em.createNativeQuery("UPDATE hub.notifications SET read_at = coalesce(read_at, now())"
                + " WHERE id = ?1 AND user_id = ?2").setParameter(1, id).setParameter(2, me.id).executeUpdate();
        if (found == 0) {
            throw new ApiException.NotFound("Notification " + id + " does not exist.");
        }
    }

    /** Marks every notification of the caller read; returns how many were unread. */
    @Transactional
    public int markAllRead() {
        Owner me = access.requireScope(Caller.READ);
        return em.createNativeQuery("UPDATE hub.notifications SET read_at = now() WHERE user_id = ?1 AND read_at IS NULL")
                .setParameter(1, me.id).executeUpdate();
    }

    /** The caller's preferences, every kind listed. */
    @Transactional
    public Preferences preferences() {
        return preferences(access.requireScope(Caller.READ));
    }

    /** Changes some kinds' channels. */
    @Transactional
    public Preferences update(NotificationViews.PreferencesUpdate update) {
        Owner me = access.requireScope(Caller.PUBLISH);
        if (update == null || update.kinds() == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "Send {\"kinds\":[{\"kind\",\"inbox\",\"email\"}]}.");
        }
        for (KindPreference p : update.kinds()) {
            NotificationKind kind = NotificationKind.find(p == null ? null : p.kind()).orElseThrow(
                    () -> new ApiException.Invalid(ProblemCode.INVALID_KIND, "Unknown notification kind '" + (p == null ? null
                            : p.kind()) + "'."));
            set(me.id, kind, p.inbox(), p.email());
        }
        return preferences(me);
    }

    /** Turns off the email of the token's kind for its user (no sign-in needed: the token is the proof). */
    @Transactional
    public Unsubscribed unsubscribe(String token) {
        UnsubscribeTokens.Subject s = tokens.read(token);
        Owner user = Owner.findById(s.userId());
        if (user == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_UNSUBSCRIBE, "This unsubscribe link's account no longer exists.");
        }
        em.createNativeQuery("INSERT INTO hub.notification_preferences (user_id, kind, inbox, email) VALUES (?1, ?2, true, false)"
                        + " ON CONFLICT (user_id, kind) DO UPDATE SET email = false")
                .setParameter(1, user.id).setParameter(2, s.kind().wire()).executeUpdate();
        return new Unsubscribed(user.name, s.kind().wire(), s.kind().label());
    }

    private void set(long userId, NotificationKind kind, boolean inbox, boolean email) {
        em.createNativeQuery("INSERT INTO hub.notification_preferences (user_id, kind, inbox, email) VALUES (?1, ?2, ?3, ?4)"
                        + " ON CONFLICT (user_id, kind) DO UPDATE SET inbox = EXCLUDED.inbox, email = EXCLUDED.email")
                .setParameter(1, userId).setParameter(2, kind.wire()).setParameter(3, inbox).setParameter(4, email).executeUpdate();
    }

    private Preferences preferences(Owner me) {
        Map<String, Row> stored = new HashMap<>();
        for (Row r : Row.list(em.createNativeQuery("SELECT kind, inbox, email FROM hub.notification_preferences WHERE user_id = ?1",
                Tuple.class).setParameter(1, me.id))) {
            stored.put(r.string("kind"), r);
        }
        List<KindPreference> kinds = new ArrayList<>();
        for (NotificationKind k : NotificationKind.values()) {
            Row r = stored.get(k.wire());
            kinds.add(new KindPreference(k.wire(), k.label(), r == null || r.isTrue("inbox"), r == null || r.isTrue("email")));
        }
        return new Preferences(config.smtpHost().isPresent(), me.email, kinds);
    }

    private long unread(long userId) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM hub.notifications WHERE user_id = ?1 AND read_at IS NULL")
                .setParameter(1, userId).getSingleResult()).longValue();
    }
}
