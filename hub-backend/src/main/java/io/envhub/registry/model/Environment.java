package io.envhub.registry.model;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** An environment {@code owner/name}: a Python project with versions. */
@Entity
@Table(name = "environments")
public class Environment extends PanacheEntityBase {
    /** Visibility values. */
    public static final String PUBLIC = "public";
    public static final String PRIVATE = "private";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "owner_id")
    public Owner owner;

    /** PEP 503 normalized name. */
    public String name;

    /** The project name as first published. */
    @Column(name = "display_name")
    public String displayName;

    public String summary;

    public String readme;

    @Column(name = "readme_content_type")
    public String readmeContentType;

    public String license;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(columnDefinition = "text[]")
    public String[] tags = new String[0];

    public String visibility = PUBLIC;

    @Column(name = "latest_version")
    public String latestVersion;

    @Column(name = "star_count")
    public int starCount;

    @Column(name = "download_count")
    public long downloadCount;

    @Column(name = "created_at", insertable = false, updatable = false)
    public OffsetDateTime createdAt;

    /** Unlisted by an admin (V12): out of search, home and the index; the page shows a notice. Null when listed. */
    @Column(name = "unlisted_at")
    public OffsetDateTime unlistedAt;

    @Column(name = "unlist_reason")
    public String unlistReason;

    /** Gated (V38): {@code auto} or {@code manual}, null when not gated; its files then need access. */
    public String gated;

    /** The terms a user accepts to get access, or null. */
    @Column(name = "gate_terms")
    public String gateTerms;

    /** Bumped whenever the terms' text changes. */
    @Column(name = "gate_terms_version")
    public int gateTermsVersion;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    public boolean isPrivate() {
        return PRIVATE.equals(visibility);
    }

    /** The environment {@code ownerName/name} (name normalized), if it exists; visibility is not checked here. */
    public static Optional<Environment> find(String ownerName, String normalizedName) {
        return find("lower(owner.name) = lower(?1) and name = ?2", ownerName, normalizedName).firstResultOptional();
    }
}
