package io.envhub.web.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.EnvironmentDetail.Install;
import io.envhub.contract.api.EnvironmentDetail.ValidatedVersion;
import io.envhub.contract.api.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class InstallSnippetsTest {
    private static EnvironmentDetail env(String visibility, Install install) {
        return env(visibility, install, null);
    }

    private static EnvironmentDetail env(String visibility, Install install, String validated) {
        return new EnvironmentDetail("alice", "reverse-text", null, null, List.of(), null, visibility, "1.0.0", 0, 0, false,
                null, null, install, null,
                validated == null ? null : new ValidatedVersion(validated, new Verdict("verified", null, false, null, null)),
                false, null, null, null, null);
    }

    private static final Install HUB = new Install("pip install --index-url https://hub.example/simple/alice/ reverse-text",
            "envhub install alice/reverse-text");

    @Test
    void publicEnvironmentsGetPipAndUvAgainstTheOwnersIndex() {
        InstallSnippets s = InstallSnippets.of(env("public", HUB));
        assertEquals("pip install --index-url https://hub.example/simple/alice/ reverse-text", s.pip());
        assertEquals("uv pip install --index-url https://hub.example/simple/alice/ reverse-text", s.uv());
        assertEquals("envhub install alice/reverse-text", s.envhub());
        assertFalse(s.tokenNeeded());
    }

    @Test
    void privateEnvironmentsGetTheTokenForm() {
        InstallSnippets s = InstallSnippets.of(env("private", HUB));
        assertEquals("pip install --index-url https://__token__:<token>@hub.example/simple/alice/ reverse-text", s.pip());
        assertEquals("uv pip install --index-url https://__token__:<token>@hub.example/simple/alice/ reverse-text", s.uv());
        assertTrue(s.tokenNeeded());
    }

    @Test
    void anUnexpectedCommandIsShownAsGivenAndNoneIsNone() {
        InstallSnippets s = InstallSnippets.of(env("private", new Install("pip install something", null)));
        assertEquals("pip install something", s.pip());
        assertNull(s.uv());
        assertFalse(s.tokenNeeded());
        assertNull(InstallSnippets.of(env("public", null)));
    }

    @Test
    void versionPagesPinTheVersion() {
        assertEquals("pip install --index-url https://hub.example/simple/alice/ reverse-text==1.2.0",
                InstallSnippets.pinnedPip(env("public", HUB), "1.2.0"));
        assertEquals("pip install --index-url https://__token__:<token>@hub.example/simple/alice/ reverse-text==1.2.0",
                InstallSnippets.pinnedPip(env("private", HUB), "1.2.0"));
        assertEquals(null, InstallSnippets.pinnedPip(env("public", null), "1.2.0"));
    }

    @Test
    void theNewestValidatedVersionGetsVfInstallAndUvWithTheHubAsExtraIndex() {
        InstallSnippets s = InstallSnippets.of(env("public", HUB, "0.9.1"));
        assertEquals("vf-install alice/reverse-text@0.9.1", s.vfInstall());
        assertEquals("uv pip install reverse-text==0.9.1 --extra-index-url https://hub.example/simple/alice/", s.uvExtra());
        assertEquals("https://hub.example/api/v1/environmentshub", s.lookupUrl());

        InstallSnippets secret = InstallSnippets.of(env("private", HUB, "0.9.1"));
        assertNull(secret.vfInstall(), "vf-install sends no credentials: no command that cannot work");
        assertNull(secret.lookupUrl());
        assertEquals("uv pip install reverse-text==0.9.1 --extra-index-url https://__token__:<token>@hub.example/simple/alice/",
                secret.uvExtra());

        InstallSnippets none = InstallSnippets.of(env("public", HUB));
        assertNull(none.vfInstall(), "nothing validated, nothing vf-install could install");
        assertNull(none.uvExtra());
    }
}
