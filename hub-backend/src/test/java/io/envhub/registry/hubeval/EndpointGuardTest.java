package io.envhub.registry.hubeval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The egress rule of hub-run evaluations, and the key scrubbing of model failures. */
class EndpointGuardTest {

    private static HubEvalConfig config(List<String> hosts, boolean loopback) {
        return new HubEvalConfig() {
            public Optional<List<String>> allowedHosts() {
                return Optional.ofNullable(hosts);
            }

            public boolean allowLoopback() {
                return loopback;
            }

            public int maxPerUser() {
                return 2;
            }

            public int maxRollouts() {
                return 200;
            }

            public Duration modelTimeout() {
                return Duration.ofSeconds(5);
            }

            public int maxTurns() {
                return 10;
            }

            public Duration heartbeat() {
                return Duration.ofSeconds(5);
            }

            public Duration staleAfter() {
                return Duration.ofSeconds(30);
            }

            public int workers() {
                return 1;
            }
        };
    }

    @Test
    void onlyListedHostsAndLoopbackWhenAllowed() {
        EndpointGuard guard = new EndpointGuard(config(List.of("API.Example.com "), false));
        assertEquals("https://api.example.com/v1", guard.check("https://api.example.com/v1/").toString());
        ApiException other = assertThrows(ApiException.class, () -> guard.check("https://evil.example.net/v1"));
        assertEquals(ProblemCode.EVAL_HOST_NOT_ALLOWED.code(), other.code());
        assertTrue(other.getMessage().contains("'evil.example.net'") && other.getMessage().contains("ENVHUB_EVAL_ALLOWED_HOSTS")
                && other.getMessage().contains("api.example.com"), other.getMessage());
        ApiException local = assertThrows(ApiException.class, () -> guard.check("http://127.0.0.1:8000/v1"));
        assertTrue(local.getMessage().contains("ENVHUB_EVAL_ALLOW_LOOPBACK"), local.getMessage());
        EndpointGuard none = new EndpointGuard(config(null, true));
        assertTrue(assertThrows(ApiException.class, () -> none.check("https://api.example.com/v1")).getMessage()
                .contains("none listed"));
        assertEquals("http://localhost:8000/v1", none.check("http://localhost:8000/v1").toString());
        assertEquals("http://127.0.0.1:9/v1", none.check("http://127.0.0.1:9/v1").toString());
    }

    @Test
    void malformedUrlsAndCredentialsInTheUrlAreRefused() {
        EndpointGuard guard = new EndpointGuard(config(List.of("api.example.com"), false));
        for (String bad : List.of("", "ftp://api.example.com/v1", "api.example.com/v1", "https://user:pw@api.example.com/v1",
                "https://api.example.com/v1?key=x")) {
            ApiException e = assertThrows(ApiException.class, () -> guard.check(bad), bad);
            assertEquals(ProblemCode.INVALID_REQUEST.code(), e.code(), bad);
            assertFalse(e.getMessage().contains("pw"), e.getMessage());
        }
    }

    @Test
    void aFailureMessageNeverCarriesTheKey() {
        String key = "sk-abcdefgh12345678";
        assertEquals("Incorrect API key provided: [api key]", ModelClient.scrub("Incorrect API key provided: " + key, key));
        assertEquals("key [api key]***5678", ModelClient.scrub("key sk-abcde***5678", key));
        assertEquals("no key here", ModelClient.scrub("no key here", key));
    }
}
