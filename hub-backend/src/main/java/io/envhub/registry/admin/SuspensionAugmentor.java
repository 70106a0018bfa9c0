package io.envhub.registry.admin;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.security.Caller;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Refuses every credential of a suspended user (Keycloak token or personal access token) on every request: one
 * primary-key look-up in {@code hub.suspensions}, no cache, so a suspension takes effect at once.
 */
@ApplicationScoped
public class SuspensionAugmentor implements SecurityIdentityAugmentor {
    private final AgroalDataSource db;

    public SuspensionAugmentor(AgroalDataSource db) {
        this.db = db;
    }

    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        if (identity.isAnonymous()) {
            return Uni.createFrom().item(identity);
        }
        Object tokenOwner = identity.getAttribute(Caller.TOKEN_OWNER_ATTRIBUTE);
        String subject = identity.getPrincipal() instanceof JsonWebToken jwt ? jwt.getSubject() : null;
        if (tokenOwner == null && subject == null) {
            return Uni.createFrom().item(identity);
        }
        return context.runBlocking(() -> {
            if (suspended(subject, tokenOwner instanceof Number n ? n.longValue() : null)) {
                throw new AuthenticationFailedException("account suspended");
            }
            return identity;
        });
    }

    private boolean suspended(String subject, Long ownerId) {
        try (Connection c = db.getConnection();
             PreparedStatement ps = c.prepareStatement(ownerId != null
                     ? "SELECT 1 FROM hub.suspensions WHERE user_id = ?" : "SELECT 1 FROM hub.suspensions WHERE subject = ?")) {
            if (ownerId != null) {
                ps.setLong(1, ownerId);
            } else {
                ps.setString(1, subject);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            // fail closed: without the answer nobody can say the user may act
            throw new AuthenticationFailedException("suspension state unavailable", e);
        }
    }
}
