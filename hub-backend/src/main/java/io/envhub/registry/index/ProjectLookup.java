package io.envhub.registry.index;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Resolves {@code owner/name} of the package index to the environment, its owner and its index stamp in one indexed
 * query (plain JDBC, no entity loading): the stamp (migration V13, kept by triggers) changes whenever anything the
 * project's page shows changes, so it decides whether a cached page is still current, on every instance.
 */
@ApplicationScoped
public class ProjectLookup {
    private static final String LOOKUP = """
            SELECT e.id AS env_id, e.name AS env_name, e.visibility, e.star_count, e.download_count,
                   o.id AS owner_id, o.kind AS owner_kind,
                   o.name AS owner_name, coalesce(s.stamp, -1) AS stamp, e.unlisted_at IS NOT NULL AS unlisted, e.gated
              FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id
              LEFT JOIN hub.index_stamps s ON s.environment_id = e.id
             WHERE lower(o.name) = lower(?) AND e.name = ?""";

    /**
     * A project as the index sees it.
     *
     * @param env a detached view (id, name, visibility, counters, owner with id, kind, name) for the access policy and
     *     the environment page's counters; never persisted
     * @param stamp the project's index stamp
     * @param unlisted whether an admin unlisted the project (out of the index for all but its owner and admins)
     */
    public record Found(Environment env, long stamp, boolean unlisted) {
    }

    private final AgroalDataSource db;

    public ProjectLookup(AgroalDataSource db) {
        this.db = db;
    }

    /** The project, or empty when the owner has no environment of that (normalized) name. */
    public Optional<Found> find(String ownerName, String normalizedName) {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(LOOKUP)) {
            q.setString(1, ownerName);
            q.setString(2, normalizedName);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                Owner owner = new Owner();
                owner.id = rs.getLong("owner_id");
                owner.kind = rs.getString("owner_kind");
                owner.name = rs.getString("owner_name");
                Environment env = new Environment();
                env.id = rs.getLong("env_id");
                env.name = rs.getString("env_name");
                env.visibility = rs.getString("visibility");
                env.gated = rs.getString("gated");
                env.starCount = rs.getInt("star_count");
                env.downloadCount = rs.getLong("download_count");
                env.owner = owner;
                return Optional.of(new Found(env, rs.getLong("stamp"), rs.getBoolean("unlisted")));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not look up project " + ownerName + "/" + normalizedName, e);
        }
    }
}
