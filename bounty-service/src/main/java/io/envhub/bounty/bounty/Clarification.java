package io.envhub.bounty.bounty;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** A dated clarification appended to a bounty (table {@code bounty.clarifications}); never rewritten. */
@Entity
@Table(name = "clarifications")
public class Clarification extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "bounty_id")
    public long bountyId;

    @Column(name = "author_username")
    public String authorUsername;

    public String text;

    @Column(name = "created_at", updatable = false)
    public OffsetDateTime createdAt = OffsetDateTime.now(ZoneOffset.UTC);

    /** A bounty's clarifications, oldest first. */
    public static List<Clarification> of(long bountyId) {
        return list("bountyId = ?1 ORDER BY id", bountyId);
    }
}
