package io.envhub.kit.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.oidc.client.OidcClient;
import io.quarkus.oidc.client.Tokens;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ServiceAccountTest {
    /** A token endpoint that numbers its grants; each token lives {@code lifetime} from the clock's now. */
    private static final class CountingGrants implements OidcClient {
        final AtomicInteger grants = new AtomicInteger();
        final MovableClock clock;
        final Duration lifetime;

        CountingGrants(MovableClock clock, Duration lifetime) {
            this.clock = clock;
            this.lifetime = lifetime;
        }

        @Override
        public Uni<Tokens> getTokens(Map<String, String> additionalGrantParameters) {
            int n = grants.incrementAndGet();
            Long expiresAt = lifetime == null ? null : clock.instant().plus(lifetime).getEpochSecond();
            return Uni.createFrom().item(new Tokens("token-" + n, expiresAt, null, null, null, null, "svc"));
        }

        @Override
        public Uni<Tokens> refreshTokens(String refreshToken, Map<String, String> additionalGrantParameters) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Uni<Boolean> revokeAccessToken(String accessToken, Map<String, String> additionalParameters) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }

    private static final class MovableClock extends Clock {
        Instant now = Instant.parse("2026-12-01T12:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @Test
    void aBurstOfCallsCostsOneGrantAndANearlyExpiredTokenIsReplaced() {
        MovableClock clock = new MovableClock();
        CountingGrants keycloak = new CountingGrants(clock, Duration.ofMinutes(5));
        ServiceAccount account = new ServiceAccount(keycloak, clock);
        for (int i = 0; i < 50; i++) {
            assertEquals("token-1", account.accessToken());
        }
        assertEquals(1, keycloak.grants.get());
        clock.now = clock.now.plus(Duration.ofMinutes(5)).minus(ServiceAccount.MARGIN).minusSeconds(1);
        assertEquals("token-1", account.accessToken(), "still outside the margin");
        clock.now = clock.now.plusSeconds(1);
        assertEquals("token-2", account.accessToken(), "within the margin before expiry: a new grant");
        assertEquals(2, keycloak.grants.get());
    }

    @Test
    void aTokenWithoutLifetimeIsKeptForTheUndatedLifetimeOnly() {
        MovableClock clock = new MovableClock();
        CountingGrants keycloak = new CountingGrants(clock, null);
        ServiceAccount account = new ServiceAccount(keycloak, clock);
        assertEquals("token-1", account.accessToken());
        clock.now = clock.now.plus(ServiceAccount.UNDATED_LIFETIME).minusSeconds(1);
        assertEquals("token-1", account.accessToken());
        clock.now = clock.now.plusSeconds(1);
        assertEquals("token-2", account.accessToken());
    }
}
