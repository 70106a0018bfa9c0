package io.envhub.registry.notification;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Notifications: the inbox, email through SMTP (Quarkus mailer) and its unsubscribe links. */
@ConfigMapping(prefix = "envhub.notifications")
public interface NotificationConfig {
    /** How often the mail worker looks for queued emails (a scheduler period, e.g. {@code 2s}). */
    @WithDefault("2s")
    String mailPoll();

    /** The SMTP server (ENVHUB_SMTP_HOST); unset: no email is sent or queued, the inbox still works. */
    Optional<String> smtpHost();

    /** Key of the unsubscribe links' signatures (ENVHUB_UNSUBSCRIBE_SECRET); changing it voids the links already sent. */
    @WithDefault("dev-unsubscribe-secret")
    String unsubscribeSecret();

    /** Whether this instance runs the mail worker. */
    @WithDefault("true")
    boolean mailWorkerEnabled();

    /** Wait before the first retry of an email the SMTP server refused; doubling after that. */
    @WithDefault("PT1M")
    Duration retryBase();

    /** Attempts of one email before it is given up. */
    @WithDefault("6")
    int maxAttempts();
}
