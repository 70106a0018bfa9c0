package io.envhub.bounty.bounty;

import io.envhub.contract.bounty.BountyStatus;
import io.envhub.bounty.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A bounty (table {@code bounty.bounties}) with its ordered acceptance criteria. */
@Entity
@Table(name = "bounties")
public class Bounty extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "sponsor_subject")
    public String sponsorSubject;

    @Column(name = "sponsor_username")
    public String sponsorUsername;

    public String title;
    public String domain;
    public String description = "";
    public String tier;

    @Column(name = "reward_minor")
    public long rewardMinor;

    public String currency;

    @Column(name = "max_awards")
    public int maxAwards;

    @Column(name = "awards_given")
    public int awardsGiven;

    public OffsetDateTime deadline;

    @Column(name = "required_tags")
    @JdbcTypeCode(SqlTypes.ARRAY)
    public String[] requiredTags = new String[0];

    @Column(name = "task_type")
    public String taskType;

    public String status = BountyStatus.DRAFT.wire();

    @Column(name = "created_at", updatable = false)
    public OffsetDateTime createdAt = OffsetDateTime.now(ZoneOffset.UTC);

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    @Column(name = "opened_at")
    public OffsetDateTime openedAt;

    @Column(name = "closed_at")
    public OffsetDateTime closedAt;

    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "criteria", joinColumns = @JoinColumn(name = "bounty_id"))
    @OrderColumn(name = "position")
    @Column(name = "text")
    public List<String> criteria = new ArrayList<>();

    /** The bounty, if it exists. */
    public static Optional<Bounty> byId(long id) {
        return Optional.ofNullable(findById(id));
    }

    /** The bounty with its row locked until the transaction ends (awards, status changes). */
    public static Optional<Bounty> lockedById(long id) {
        return RowLocks.lockedById(Bounty.class, id);
    }

    /** Awards still to give. */
    public int awardsLeft() {
        return Math.max(0, maxAwards - awardsGiven);
    }
}
