package io.envhub.registry.audit;

import java.time.OffsetDateTime;

/** Reads a timestamp column of a native query (the driver's type varies) as an {@link OffsetDateTime}. */
public final class AuditTimes {
    private AuditTimes() {
    }

    public static OffsetDateTime of(Object value) {
        return AuditLog.time(value);
    }
}
