package io.envhub.registry.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.testsupport.KeycloakAdmin;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The realm's sign-in protections, against the real Keycloak with the realm file: wrong passwords lock an account
 * temporarily (brute-force detection), new passwords follow the password policy, and the imported demo users (whose
 * short passwords predate the policy) still sign in.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class RealmSignInPolicyTest {
    private static final String GOOD_PASSWORD = "correct-horse-battery-staple";

    private static HttpResponse<String> signIn(String user, String password) {
        return KeycloakAdmin.passwordGrantResponse(Map.of("grant_type", "password", "client_id", "envhub-dev",
                "username", user, "password", password));
    }

    @Test
    void wrongPasswordsLockTheAccountTemporarily() {
        String user = "bf-" + Long.toHexString(System.nanoTime());
        String id = KeycloakAdmin.createUser(user, GOOD_PASSWORD);
        assertEquals(200, signIn(user, GOOD_PASSWORD).statusCode(), "the right password works at first");
        for (int i = 0; i < 5; i++) {
            assertTrue(signIn(user, "wrong-password-" + i).statusCode() >= 400);
        }
        HttpResponse<String> locked = signIn(user, GOOD_PASSWORD);
        assertTrue(locked.statusCode() >= 400, "locked: even the right password is refused: " + locked.body());
        JsonNode state = KeycloakAdmin.json(KeycloakAdmin.call("GET", "/attack-detection/brute-force/users/" + id, null), 200);
        assertTrue(state.path("disabled").asBoolean(), "brute-force detection locked the user: " + state);
        JsonNode account = KeycloakAdmin.json(KeycloakAdmin.call("GET", "/users/" + id, null), 200);
        assertTrue(account.path("enabled").asBoolean(), "a temporary lock, not a permanent disable: " + account);

        assertEquals(204, KeycloakAdmin.call("DELETE", "/attack-detection/brute-force/users/" + id, null).statusCode());
        assertEquals(200, signIn(user, GOOD_PASSWORD).statusCode(), "once the lock is lifted the password works again");
    }

    @Test
    void newPasswordsFollowThePolicy() {
        String user = "pw-" + Long.toHexString(System.nanoTime());
        String id = KeycloakAdmin.createUser(user, GOOD_PASSWORD);
        for (String weak : new String[] {"short", "elevenchars", user}) {
            HttpResponse<String> res = KeycloakAdmin.call("PUT", "/users/" + id + "/reset-password",
                    "{\"type\":\"password\",\"value\":\"" + weak + "\",\"temporary\":false}");
            assertEquals(400, res.statusCode(), weak + " was accepted: " + res.body());
        }
        assertEquals(204, KeycloakAdmin.call("PUT", "/users/" + id + "/reset-password",
                "{\"type\":\"password\",\"value\":\"twelve-chars-ok\",\"temporary\":false}").statusCode());
    }

    @Test
    void importedDemoUsersStillSignIn() {
        for (String user : new String[] {"alice", "sam", "ada"}) {
            assertTrue(Tokens.forUser(user, user).length() > 100, user);
        }
    }
}
