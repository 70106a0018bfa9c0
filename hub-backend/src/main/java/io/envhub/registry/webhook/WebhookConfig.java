package io.envhub.registry.webhook;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Webhook subscriptions and their delivery worker. */
@ConfigMapping(prefix = "envhub.webhooks")
public interface WebhookConfig {
    /** How often the delivery worker looks for due deliveries (a scheduler period, e.g. {@code 1s}). */
    @WithDefault("1s")
    String poll();

    /**
     * Whether webhook URLs may be plain http and point at private, loopback or link-local addresses
     * (ENVHUB_WEBHOOK_ALLOW_PRIVATE; the local stack sets it so that receivers on the same machine work). Off: https
     * only, and every address a URL or redirect resolves to must be public.
     */
    @WithDefault("false")
    boolean allowPrivate();

    /** Whether this instance runs the delivery worker (ENVHUB_WEBHOOK_WORKER_ENABLED). */
    @WithDefault("true")
    boolean workerEnabled();

    /** Wait before the first retry of a failed delivery; each further retry waits twice as long (ENVHUB_WEBHOOK_RETRY_BASE). */
    @WithDefault("PT30S")
    Duration retryBase();

    /** Attempts of one delivery before it is given up (ENVHUB_WEBHOOK_MAX_ATTEMPTS). */
    @WithDefault("8")
    int maxAttempts();

    /** Consecutive failed attempts after which a webhook is disabled and its owner told. */
    @WithDefault("10")
    int disableAfter();

    /** Time limit of one delivery attempt (connect, send, answer). */
    @WithDefault("PT10S")
    Duration timeout();

    /** How long a claimed delivery stays leased to an instance before another may send it again. */
    @WithDefault("PT2M")
    Duration lease();

    /** Redirects followed per attempt (each one checked like the URL itself). */
    @WithDefault("3")
    int maxRedirects();

    /** Deliveries one worker round claims. */
    @WithDefault("10")
    int batch();

    /** Most webhooks per owner. */
    @WithDefault("25")
    int maxPerOwner();

    /** How long the previous secret still signs deliveries (a second v1) after a rotation. */
    @WithDefault("PT24H")
    Duration previousSecretGrace();
}
