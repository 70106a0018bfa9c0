package io.envhub.contract.event;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a notification is about. A user's preferences (inbox, email) are per kind; every email's unsubscribe link
 * turns off the email of its kind.
 */
public enum NotificationKind {
    VERSION_VALIDATED("version-validated", "Your version was validated"),
    VERSION_FAILED("version-failed", "Your version failed validation"),
    VERSION_FLAGGED("version-flagged", "Your version was validated with trust flags"),
    REPORT_HANDLED("report-handled", "A report on your environment was handled"),
    APPLICATION_DECIDED("application-decided", "Your bounty application was decided"),
    SUBMISSION_REVIEWED("submission-reviewed", "Your bounty submission was reviewed or approved"),
    PAYOUT_CONFIRMED("payout-confirmed", "Your payout was confirmed"),
    NEW_APPLICATION("new-application", "Sponsors: a new application to your bounty"),
    NEW_SUBMISSION("new-submission", "Sponsors: a new submission to your bounty"),
    DEADLINE_SOON("deadline-soon", "Sponsors: your bounty's deadline is in 3 days"),
    ADMIN_REPORT("admin-report", "Admins: a new report"),
    ADMIN_FLAGGED("admin-flagged", "Admins: a flagged or held first publication"),
    DISCUSSION("discussion", "New comments in discussions you take part in"),
    ACCESS_REQUEST("access-request", "Someone asked for access to your gated environment"),
    ACCESS_DECIDED("access-decided", "Your access request was decided"),
    WEBHOOK_DISABLED("webhook-disabled", "One of your webhooks was disabled after repeated failures");

    private final String wire;
    private final String label;

    NotificationKind(String wire, String label) {
        this.wire = wire;
        this.label = label;
    }

    /** The kind on the wire, e.g. {@code version-failed}. */
    public String wire() {
        return wire;
    }

    /** What the preferences page calls it. */
    public String label() {
        return label;
    }

    /** The entry for a wire kind; empty for an unknown one. */
    public static Optional<NotificationKind> find(String wire) {
        return Arrays.stream(values()).filter(k -> k.wire.equals(wire)).findFirst();
    }
}
