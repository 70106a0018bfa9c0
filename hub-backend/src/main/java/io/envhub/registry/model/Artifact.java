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
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A file of a version (a wheel), stored in the object store under a key derived from its sha256. */
@Entity
@Table(name = "artifacts")
public class Artifact extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "version_id")
    public EnvironmentVersion version;

    public String filename;

    /** Lower-case hex sha256 of the file, verified on upload. */
    public String sha256;

    public long size;

    @Column(name = "object_key")
    public String objectKey;

    /** The wheel's METADATA file, served as the PEP 658 metadata file. */
    @Column(name = "metadata_text")
    public String metadataText;

    @Column(name = "metadata_sha256")
    public String metadataSha256;

    /** The wheel's members: JSON list of {path, size, sha256}. */
    @JdbcTypeCode(SqlTypes.JSON)
    public String files = "[]";

    @Column(name = "created_at", insertable = false, updatable = false)
    public OffsetDateTime createdAt;

    /** The object key for content with this sha256: {@code artifacts/sha256/ab/abcdef...}. */
    public static String objectKeyFor(String sha256) {
        return "artifacts/sha256/" + sha256.substring(0, 2) + "/" + sha256;
    }
}
