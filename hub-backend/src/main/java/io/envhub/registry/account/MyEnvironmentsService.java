package io.envhub.registry.account;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.account.MyEnvironment.FailedVersion;
import io.envhub.registry.model.Owner;
import io.envhub.registry.search.SearchService;
import io.envhub.registry.search.SearchSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The environments of a user's namespace and of the organisations they belong to, with their failed versions. */
@ApplicationScoped
public class MyEnvironmentsService {
    private static final String ENVIRONMENTS = "SELECT e.id, " + SearchSql.SUMMARY_COLUMNS
            + " FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id"
            + " WHERE e.owner_id = ? OR e.owner_id IN (SELECT org_id FROM hub.org_members WHERE user_id = ?)"
            + " ORDER BY e.updated_at DESC, e.id";
    private static final String FAILED = "SELECT v.environment_id, v.version, v.status, v.created_at,"
            + " CASE WHEN v.status = 'failed' THEN coalesce(r.report ->> 'summary', j.last_error)"
            + " ELSE coalesce(j.last_error, r.report ->> 'summary') END AS reason"
            + " FROM hub.versions v LEFT JOIN hub.validation_reports r ON r.version_id = v.id"
            + " LEFT JOIN hub.validation_jobs j ON j.version_id = v.id"
            + " WHERE v.environment_id = ANY(?) AND v.status IN ('failed', 'error') ORDER BY v.created_at DESC, v.id DESC";

    private final AgroalDataSource dataSource;

    public MyEnvironmentsService(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Every environment {@code user} owns or reaches through an organisation membership, newest update first. */
    public List<MyEnvironment> of(Owner user) {
        try (Connection c = dataSource.getConnection()) {
            Map<Long, MyEnvironment> byId = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement(ENVIRONMENTS)) {
                ps.setLong(1, user.id);
                ps.setLong(2, user.id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        byId.put(rs.getLong("id"), new MyEnvironment(SearchService.summary(rs), new ArrayList<>()));
                    }
                }
            }
            if (byId.isEmpty()) {
                return List.of();
            }
            try (PreparedStatement ps = c.prepareStatement(FAILED)) {
                ps.setArray(1, c.createArrayOf("bigint", byId.keySet().toArray(Long[]::new)));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        byId.get(rs.getLong("environment_id")).failedVersions().add(new FailedVersion(rs.getString("version"),
                                rs.getString("status"), rs.getString("reason"), rs.getObject("created_at", OffsetDateTime.class)));
                    }
                }
            }
            return List.copyOf(byId.values());
        } catch (SQLException e) {
            throw new IllegalStateException("listing the environments of " + user.name + " failed: " + e.getMessage(), e);
        }
    }
}
