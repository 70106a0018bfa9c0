package io.envhub.registry.token;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A personal access token of a user. Only the sha256 of the whole token is stored ({@link #secretHash}); the token
 * itself is shown once, when it is created.
 */
@Entity
@Table(name = "access_tokens")
public class AccessToken extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    /** The owner (a user) the token acts for. */
    @Column(name = "user_id")
    public Long userId;

    public String name;

    /** The first characters of the token, shown in lists so that people recognise their tokens. */
    @Column(name = "token_prefix")
    public String tokenPrefix;

    /** Lowercase hex sha256 of the whole token. */
    @Column(name = "secret_hash")
    public String secretHash;

    /** Subset of {@code read}, {@code publish}. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(columnDefinition = "text[]")
    public String[] scopes = new String[0];

    /** Null: never expires. */
    @Column(name = "expires_at")
    public OffsetDateTime expiresAt;

    @Column(name = "last_used_at")
    public OffsetDateTime lastUsedAt;

    @Column(name = "revoked_at")
    public OffsetDateTime revokedAt;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    /** Set for a trusted-publishing token: the one environment it may upload to (scope {@code upload}); else null. */
    @Column(name = "environment_id")
    public Long environmentId;

    /** The trusted publisher a trusted-publishing token was minted for (null once that publisher is removed). */
    @Column(name = "publisher_id")
    public Long publisherId;

    /** The scopes, sorted. */
    public List<String> scopeList() {
        return Arrays.stream(scopes).sorted().toList();
    }

    /** Whether the token can authenticate a request at this instant. */
    public boolean isUsableAt(OffsetDateTime now) {
        return revokedAt == null && (expiresAt == null || expiresAt.isAfter(now));
    }
}
