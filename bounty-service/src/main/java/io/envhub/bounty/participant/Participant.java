package io.envhub.bounty.participant;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** Someone the bounty service has seen: a sponsor, contributor or reviewer. */
@Entity
@Table(name = "participants")
public class Participant extends PanacheEntityBase {
    /** The Keycloak subject. */
    @Id
    public String subject;

    public String username;

    @Column(name = "display_name")
    public String displayName;

    @Column(name = "first_seen_at")
    public OffsetDateTime firstSeenAt;

    @Column(name = "last_seen_at")
    public OffsetDateTime lastSeenAt;
}
