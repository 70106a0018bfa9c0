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
            SELECT e.id, e.name, e.visibility, o.id, o.kind, o.name, coalesce(s.stamp, -1), e.unlisted_at IS NOT NULL
              FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id
              LEFT JOIN hub.index_stamps s ON s.environment_id = e.id
             WHERE lower(o.name) = lower(?) AND e.name = ?""";

    /**
     * A project as the index sees it.
     *
     * @param env a detached view (id, name, visibility, owner with id, kind, name) for the access policy; never persisted
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
                owner.id = rs.getLong(4);
                owner.kind = rs.getString(5);
                owner.name = rs.getString(6);
                Environment env = new Environment();
                env.id = rs.getLong(1);
                env.name = rs.getString(2);
                env.visibility = rs.getString(3);
                env.owner = owner;
                return Optional.of(new Found(env, rs.getLong(7), rs.getBoolean(8)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not look up project " + ownerName + "/" + normalizedName, e);
        }
    }
}
