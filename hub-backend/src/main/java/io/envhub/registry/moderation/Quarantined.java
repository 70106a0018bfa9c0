package io.envhub.registry.moderation;

/** A download of a quarantined version: answered 451 with the admins' reason (see ModerationErrorRows). */
public class Quarantined extends RuntimeException {
    public Quarantined(String what, String reason) {
        super(what + " is quarantined by the hub's admins and cannot be downloaded. Reason: " + reason);
    }
}
