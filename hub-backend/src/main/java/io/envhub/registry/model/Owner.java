package io.envhub.registry.model;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A user or an organisation that owns environments ({@code owner/name}). */
@Entity
@Table(name = "owners")
public class Owner extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    /** {@code user} or {@code org}. */
    public String kind;

    public String name;

    @Column(name = "display_name")
    public String displayName;

    public String email;

    /** The Keycloak subject of a user; null for organisations. */
    public String subject;

    /** Realm roles seen on the user's last Keycloak sign-in (applies to their personal access tokens). */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(columnDefinition = "text[]")
    public String[] roles = new String[0];

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    /** Owner kinds. */
    public static final String USER = "user";
    public static final String ORG = "org";

    public boolean isOrg() {
        return ORG.equals(kind);
    }

    /** The owner with this name (case-insensitive), if any. */
    public static Optional<Owner> findByName(String name) {
        return find("lower(name) = lower(?1)", name).firstResultOptional();
    }

    /** The user owner with this Keycloak subject, if it was mirrored already. */
    public static Owner findBySubject(String subject) {
        return find("subject", subject).firstResult();
    }
}
