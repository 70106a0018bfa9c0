package io.envhub.contract.event;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The event types a webhook subscribes to (the {@code type} of a delivered {@link WebhookEvent}), with the service that
 * owns each: hub-backend writes the version, evaluation and access events, bounty-service the bounty, application,
 * submission and payout events, each as an outbox row in the transaction of the change.
 */
public enum EventType {
    /** A version was pushed (every upload path). */
    VERSION_PUBLISHED("version.published", Source.HUB),
    /** Validation finished: the object carries the status, the verdict and its flags. */
    VERSION_VALIDATED("version.validated", Source.HUB),
    /** An admin quarantined a version, or it was held for review. */
    VERSION_QUARANTINED("version.quarantined", Source.HUB),
    /** An evaluation run was added to a version. */
    EVAL_ADDED("eval.added", Source.HUB),
    /** A user asked for access to a gated environment (or accepted its terms). */
    ACCESS_REQUESTED("access.requested", Source.HUB),
    /** A bounty opened. */
    BOUNTY_OPENED("bounty.opened", Source.BOUNTY),
    /** A contributor applied to an application-only bounty. */
    APPLICATION_SUBMITTED("application.submitted", Source.BOUNTY),
    /** An application was accepted or rejected. */
    APPLICATION_DECIDED("application.decided", Source.BOUNTY),
    /** A submission was made (or resubmitted with a new version). */
    SUBMISSION_SUBMITTED("submission.submitted", Source.BOUNTY),
    /** A submission was reviewed: approved, changes requested or rejected. */
    SUBMISSION_REVIEWED("submission.reviewed", Source.BOUNTY),
    /** The payment of an award was confirmed. */
    PAYOUT_CONFIRMED("payout.confirmed", Source.BOUNTY),
    /** A test delivery asked for by the webhook's owner; never subscribed to, always sent on request. */
    PING("ping", Source.HUB);

    /** Which service writes the event. */
    public enum Source { HUB, BOUNTY }

    private final String wire;
    private final Source source;

    EventType(String wire, Source source) {
        this.wire = wire;
        this.source = source;
    }

    /** The type on the wire, e.g. {@code version.validated}. */
    public String wire() {
        return wire;
    }

    /** The service that writes it. */
    public Source source() {
        return source;
    }

    /** The entry for a wire type; empty for an unknown one. */
    public static Optional<EventType> find(String wire) {
        return Arrays.stream(values()).filter(t -> t.wire.equals(wire)).findFirst();
    }

    /** Every type a webhook may subscribe to ({@link #PING} is sent on request only), in catalogue order. */
    public static List<EventType> subscribable() {
        return Arrays.stream(values()).filter(t -> t != PING).toList();
    }
}
