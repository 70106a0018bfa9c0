package io.envhub.registry.token;

import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Owner;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Creates, lists, revokes and checks personal access tokens. */
@ApplicationScoped
public class TokenService {
    /** The scopes a token may carry. */
    public static final Set<String> SCOPES = Set.of(Caller.READ, Caller.PUBLISH);
    /** Longest token name. */
    static final int MAX_NAME_LENGTH = 100;
    /** {@code last_used_at} is written at most this often per token. */
    static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);

    private final EntityManager em;
    private final TokenConfig config;

    public TokenService(EntityManager em, TokenConfig config) {
        this.em = em;
        this.config = config;
    }

    /** A new token and its secret, which is not stored and cannot be shown again. */
    public record Created(AccessToken token, String secret) {
    }

    /**
     * What a valid token grants: the owner it acts for (with their Keycloak subject, to check their current state) and
     * the token's scopes.
     */
    public record Grant(long tokenId, long ownerId, String ownerName, String subject, Set<String> scopes,
                        Long environmentId) {
    }

    /**
     * Creates a token for a user.
     *
     * @param expiresInDays null for the default lifetime, else 1 to the configured maximum (every token expires)
     */
    @Transactional
    public Created create(Owner user, String name, Collection<String> scopes, Integer expiresInDays) {
        String cleanName = name == null ? "" : name.strip();
        if (cleanName.isEmpty() || cleanName.length() > MAX_NAME_LENGTH) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TOKEN_NAME,
                    "A token needs a name of 1 to " + MAX_NAME_LENGTH + " characters.");
        }
        if (scopes == null || scopes.isEmpty() || scopes.stream().anyMatch(s -> s == null || !SCOPES.contains(s))) {
            throw new ApiException.Invalid(ProblemCode.INVALID_SCOPES, "Scopes must be a non-empty list of 'read' and 'publish'.");
        }
        int max = config.maxLifetimeDays();
        if (expiresInDays != null && (expiresInDays < 1 || expiresInDays > max)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_EXPIRY, "expiresInDays must be between 1 and " + max
                    + " (omit it for " + config.defaultLifetimeDays() + " days); tokens that never expire are not offered.");
        }
        int days = expiresInDays == null ? Math.min(config.defaultLifetimeDays(), max) : expiresInDays;
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        String secret = TokenSecrets.generate();
        AccessToken token = new AccessToken();
        token.userId = user.id;
        token.name = cleanName;
        token.tokenPrefix = TokenSecrets.shownPrefix(secret);
        token.secretHash = TokenSecrets.hash(secret);
        token.scopes = new TreeSet<>(scopes).toArray(String[]::new);
        token.expiresAt = now.plusDays(days);
        token.createdAt = now;
        token.persist();
        return new Created(token, secret);
    }

    /**
     * Mints a trusted-publishing token: it acts for {@code user} (who registered the publisher) with the one scope
     * {@code upload}, only for {@code environmentId}, and expires after {@code lifetime}. Call in the transaction that
     * records the exchange.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Created mintUpload(long userId, long environmentId, long publisherId, String name, Duration lifetime) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        String secret = TokenSecrets.generate();
        AccessToken token = new AccessToken();
        token.userId = userId;
        token.name = name.length() > MAX_NAME_LENGTH ? name.substring(0, MAX_NAME_LENGTH) : name;
        token.tokenPrefix = TokenSecrets.shownPrefix(secret);
        token.secretHash = TokenSecrets.hash(secret);
        token.scopes = new String[] {Caller.UPLOAD};
        token.environmentId = environmentId;
        token.publisherId = publisherId;
        token.expiresAt = now.plus(lifetime);
        token.createdAt = now;
        token.persist();
        return new Created(token, secret);
    }

    /** A user's tokens, newest first (revoked and expired ones included). */
    public List<AccessToken> list(long userId) {
        return AccessToken.list("userId = ?1 order by createdAt desc, id desc", userId);
    }

    /** Revokes one of the user's tokens; revoking twice keeps the first revocation time. 404 for other users' tokens. */
    @Transactional
    public AccessToken revoke(long userId, long tokenId) {
        AccessToken token = AccessToken.findById(tokenId);
        if (token == null || !token.userId.equals(userId)) {
            throw new ApiException.NotFound("Token " + tokenId + " does not exist.");
        }
        if (token.revokedAt == null) {
            token.revokedAt = OffsetDateTime.now(ZoneOffset.UTC);
        }
        return token;
    }

    /**
     * Checks a presented token: known, not revoked, not expired, and its owner is a user. Records the use at most once
     * per {@link #LAST_USED_RESOLUTION} per token, so that ordinary requests do not write.
     */
    @Transactional
    public Optional<Grant> authenticate(String secret) {
        if (!TokenSecrets.isWellFormed(secret)) {
            return Optional.empty();
        }
        Optional<Row> row = Row.first(em.createQuery("select t as token, o as owner from AccessToken t, Owner o"
                        + " where o.id = t.userId and t.secretHash = :hash", Tuple.class)
                .setParameter("hash", TokenSecrets.hash(secret)));
        if (row.isEmpty()) {
            return Optional.empty();
        }
        AccessToken token = row.get().get("token", AccessToken.class);
        Owner owner = row.get().get("owner", Owner.class);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        if (!token.isUsableAt(now) || owner.isOrg()) {
            return Optional.empty();
        }
        if (token.lastUsedAt == null || token.lastUsedAt.isBefore(now.minus(LAST_USED_RESOLUTION))) {
            // conditional, so that concurrent first uses within the same minute write once
            em.createNativeQuery("""
                    UPDATE hub.access_tokens SET last_used_at = now()
                     WHERE id = ?1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
                    """)
                    .setParameter(1, token.id)
                    .executeUpdate();
        }
        return Optional.of(new Grant(token.id, owner.id, owner.name, owner.subject, Set.copyOf(Arrays.asList(token.scopes)),
                token.environmentId));
    }
}
