package io.envhub.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.stack.Ports;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HubClientTest {
    private final List<Duration> waits = new ArrayList<>();

    private HubClient client(String base, HubClient.Auth auth) {
        return new HubClient(base, HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build(), new ObjectMapper(), auth)
                .retries(waits::add, 4, Duration.ofMillis(100));
    }

    private static HubClient.Auth anonymous() {
        return new HubClient.Auth() {
            @Override
            public Optional<String> authorization() {
                return Optional.empty();
            }

            @Override
            public boolean refreshAfterUnauthorized() {
                return false;
            }
        };
    }

    @Test
    void idempotentCallsAreRetriedWithBackoff() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        try (FakeServer hub = new FakeServer()) {
            hub.on("GET /api/v1/me", ex -> {
                if (calls.incrementAndGet() < 3) {
                    FakeServer.send(ex, 503, "text/plain", "busy");
                } else {
                    FakeServer.send(ex, 200, "application/json", "{\"username\":\"alice\"}");
                }
            });
            HubClient c = client(hub.url(), anonymous());
            assertEquals("alice", c.get(c.url("api", "v1", "me"), Situation.NONE).path("username").asText());
            assertEquals(3, calls.get());
            assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200)), waits);
        }
    }

    @Test
    void postsAreSentOnce() throws Exception {
        try (FakeServer hub = new FakeServer()) {
            hub.on("POST /api/v1/tokens", ex -> FakeServer.send(ex, 503, "text/plain", "busy"));
            HubClient c = client(hub.url(), anonymous());
            ApiProblem p = assertThrows(ApiProblem.class,
                    () -> c.post(c.url("api", "v1", "tokens"), java.util.Map.of("a", 1), Situation.NONE));
            assertEquals(503, p.status());
            assertEquals(1, hub.seen().size());
            assertTrue(waits.isEmpty());
        }
    }

    @Test
    void unreachableHubIsExitCodeThreeAfterRetries() {
        int port = Ports.free();
        HubClient c = client("http://127.0.0.1:" + port, anonymous());
        CliException e = assertThrows(CliException.class, () -> c.get(c.url("api", "v1", "me"), Situation.NONE));
        assertEquals(ExitCodes.NETWORK_OR_AUTH, e.exitCode());
        assertTrue(e.getMessage().startsWith("cannot reach http://127.0.0.1:" + port + " (connection refused)"), e.getMessage());
        assertEquals(3, waits.size());
    }

    @Test
    void unauthorizedRefreshesOnceAndRepeats() throws Exception {
        AtomicInteger refreshes = new AtomicInteger();
        try (FakeServer hub = new FakeServer()) {
            hub.on("GET /api/v1/me", ex -> {
                if ("Bearer fresh".equals(ex.getRequestHeaders().getFirst("Authorization"))) {
                    FakeServer.send(ex, 200, "application/json", "{\"username\":\"alice\"}");
                } else {
                    FakeServer.send(ex, 401, "application/problem+json", "{\"type\":\"https://envhub.dev/problems/unauthorized\"}");
                }
            });
            HubClient.Auth auth = new HubClient.Auth() {
                @Override
                public Optional<String> authorization() {
                    return Optional.of(refreshes.get() == 0 ? "Bearer stale" : "Bearer fresh");
                }

                @Override
                public boolean refreshAfterUnauthorized() {
                    refreshes.incrementAndGet();
                    return true;
                }
            };
            HubClient c = client(hub.url(), auth);
            assertEquals("alice", c.get(c.url("api", "v1", "me"), Situation.NONE).path("username").asText());
            assertEquals(1, refreshes.get());
            assertEquals(List.of("Bearer stale", "Bearer fresh"), hub.seen().stream().map(FakeServer.Seen::authorization).toList());
        }
    }
}
