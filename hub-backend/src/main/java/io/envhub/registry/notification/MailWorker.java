package io.envhub.registry.notification;

import io.envhub.kit.persistence.Row;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Sends queued emails through SMTP (Quarkus mailer): claims due rows of {@code hub.email_outbox} with a lease
 * ({@code FOR UPDATE SKIP LOCKED}), sends each outside the transaction, records the outcome; a refusal is retried with
 * doubling waits up to {@link NotificationConfig#maxAttempts()}. Every email carries {@code List-Unsubscribe} (the
 * signed one-click URL) and {@code List-Unsubscribe-Post} (RFC 8058). Idle while SMTP is not configured.
 */
@ApplicationScoped
public class MailWorker {
    private static final Logger LOG = Logger.getLogger(MailWorker.class);
    private static final int BATCH = 20;

    private final EntityManager em;
    private final Mailer mailer;
    private final NotificationConfig config;

    public MailWorker(EntityManager em, Mailer mailer, NotificationConfig config) {
        this.em = em;
        this.mailer = mailer;
        this.config = config;
    }

    @Scheduled(every = "${envhub.notifications.mail-poll:2s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void tick() {
        if (config.mailWorkerEnabled() && config.smtpHost().isPresent()) {
            sendDue();
        }
    }

    /** Sends the due emails of one round; returns how many were tried. */
    public int sendDue() {
        List<Row> claimed = QuarkusTransaction.requiringNew().call(() -> Row.list(em.createNativeQuery("""
                UPDATE hub.email_outbox SET attempts = attempts + 1, lease_expires_at = now() + interval '2 minutes'
                 WHERE id IN (SELECT id FROM hub.email_outbox WHERE state = 'pending' AND next_attempt_at <= now()
                                AND (lease_expires_at IS NULL OR lease_expires_at < now())
                              ORDER BY next_attempt_at LIMIT ?1 FOR UPDATE SKIP LOCKED)
                RETURNING id, to_address, subject, body_text, unsubscribe_url, attempts""", Tuple.class).setParameter(1, BATCH)));
        for (Row r : claimed) {
            String error = null;
            try {
                mailer.send(Mail.withText(r.string("to_address"), r.string("subject"), r.string("body_text"))
                        .addHeader("List-Unsubscribe", "<" + r.string("unsubscribe_url") + ">")
                        .addHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"));
            } catch (RuntimeException e) {
                error = e.getClass().getSimpleName() + ": " + e.getMessage();
                LOG.warnf("email %d not sent (attempt %d): %s", r.longValue("id"), r.intValue("attempts"), error);
            }
            String failure = error;
            QuarkusTransaction.requiringNew().run(() -> record(r, failure));
        }
        return claimed.size();
    }

    private void record(Row r, String error) {
        if (error == null) {
            em.createNativeQuery("UPDATE hub.email_outbox SET state = 'sent', sent_at = now(), lease_expires_at = NULL,"
                    + " last_error = NULL WHERE id = ?1").setParameter(1, r.longValue("id")).executeUpdate();
            return;
        }
        boolean last = r.intValue("attempts") >= config.maxAttempts();
        double wait = config.retryBase().toSeconds() * Math.pow(2, Math.min(r.intValue("attempts") - 1, 16));
        em.createNativeQuery("UPDATE hub.email_outbox SET state = ?2, lease_expires_at = NULL, last_error = ?3,"
                        + " next_attempt_at = now() + make_interval(secs => ?4) WHERE id = ?1")
                .setParameter(1, r.longValue("id")).setParameter(2, last ? "failed" : "pending")
                .setParameter(3, error.length() > 1000 ? error.substring(0, 1000) : error).setParameter(4, wait).executeUpdate();
    }
}
