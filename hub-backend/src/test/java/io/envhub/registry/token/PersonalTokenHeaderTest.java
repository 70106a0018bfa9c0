package io.envhub.registry.token;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Which Authorization headers the personal-token mechanism takes, and the token format (plain unit test). */
class PersonalTokenHeaderTest {
    private static String basic(String userAndPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void takesBearerAndBasicTokenCredentialsOnly() {
        String token = TokenSecrets.generate();
        assertEquals(token, PersonalTokenMechanism.presentedToken("Bearer " + token));
        assertEquals(token, PersonalTokenMechanism.presentedToken("bearer  " + token + " "));
        assertEquals(token, PersonalTokenMechanism.presentedToken(basic("__token__:" + token)));
        // a __token__ user with a wrong password is still a (failing) token sign-in
        assertEquals("nope", PersonalTokenMechanism.presentedToken(basic("__token__:nope")));

        assertNull(PersonalTokenMechanism.presentedToken(null));
        assertNull(PersonalTokenMechanism.presentedToken("Bearer eyJhbGciOiJSUzI1NiJ9.e30.sig"));
        assertNull(PersonalTokenMechanism.presentedToken(basic("alice:" + token)));
        assertNull(PersonalTokenMechanism.presentedToken("Basic !!!not-base64!!!"));
        assertNull(PersonalTokenMechanism.presentedToken("Bearer"));
        assertNull(PersonalTokenMechanism.presentedToken("Digest " + token));
    }

    @Test
    void tokensAreLongRandomAndRecognisable() {
        String a = TokenSecrets.generate();
        String b = TokenSecrets.generate();
        assertNotEquals(a, b);
        assertTrue(a.matches("envhub_[A-Za-z0-9_-]{43}"), a.length() + " characters");
        assertTrue(TokenSecrets.isWellFormed(a));
        assertTrue(!TokenSecrets.isWellFormed("envhub_short") && !TokenSecrets.isWellFormed(null));
        assertEquals(64, TokenSecrets.hash(a).length());
        assertEquals(a.substring(0, 12), TokenSecrets.shownPrefix(a));
    }

    @Test
    void challengeIsBasicForThePackageIndexOnly() {
        assertEquals("Basic realm=\"EnvHub\"", PersonalTokenMechanism.challengeFor("/simple/reverse-text/"));
        assertEquals("Basic realm=\"EnvHub\"", PersonalTokenMechanism.challengeFor("/simple"));
        assertTrue(PersonalTokenMechanism.challengeFor("/simpleton").startsWith("Bearer"));
        assertTrue(PersonalTokenMechanism.challengeFor("/api/v1/me").startsWith("Bearer"));
    }
}
