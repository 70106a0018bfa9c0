package io.envhub.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProblemMessagesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Situation PUSH = Situation.of("push", "alice", "reverse-text", "0.1.4")
            .withFilename("reverse_text-0.1.4-py3-none-any.whl");

    /** status; type code; detail; situation (push|pull|bounty|none); exit code; expected line. */
    @ParameterizedTest(name = "{1} -> {5}")
    @CsvSource(delimiter = '|', value = {
        "409|version-exists|alice/reverse-text 0.1.4 was already published (versions can never be reused, even after deletion): "
            + "bump the version.|push|1|alice/reverse-text 0.1.4 already exists; versions are immutable — bump `version` in pyproject.toml",
        "409|filename-used|The file name x.whl was used before under alice and can never be reused: bump the version.|push|1|"
            + "reverse_text-0.1.4-py3-none-any.whl was used before under alice and can never be reused; versions are immutable — "
            + "bump `version` in pyproject.toml",
        "400|hash-mismatch|The upload's sha256 is abc, not def.|push|1|the hub received different bytes than were sent (sha256 "
            + "mismatch) — check your network or proxy and push again",
        "400|name-mismatch|The wheel is 'a' but was pushed to alice/b.|push|1|The wheel is 'a' but was pushed to alice/b — push under "
            + "the name in pyproject.toml (`project.name`)",
        "403|forbidden|You may not publish or manage environments of 'sam'.|push|1|you may not publish or manage environments of "
            + "'alice' — push to your own namespace (leave out --owner) or ask an owner of 'alice' to add you to the organisation",
        "403|forbidden|This token has no 'publish' scope.|push|1|your personal access token lacks a needed scope (This token has no "
            + "'publish' scope) — create one with `envhub token create --name NAME --scope publish` "
            + "and store it with `envhub login --token`",
        "403|forbidden|Personal access tokens cannot create tokens; sign in with Keycloak to create one.|none|1|personal access "
            + "tokens cannot do this — run `envhub login` (device login) and try again",
        "401|unauthorized|Sign in with a Keycloak token or a personal access token.|push|3|the hub did not accept your credentials "
            + "(not signed in, expired or revoked) — run `envhub login`, or check ENVHUB_TOKEN",
        "413|too-large|The wheel is 200 bytes; the limit is 100 bytes.|push|1|the wheel is too large for this hub (The wheel is 200 "
            + "bytes; the limit is 100 bytes) — leave data files out (.gitignore) or fetch them in load_environment()",
        "404|not-found|Owner 'alice' does not exist.|push|1|owner 'alice' does not exist on this hub — check --owner (users appear "
            + "after their first sign-in)",
        "404|not-found|Environment alice/reverse-text does not exist, or is private.|pull|1|alice/reverse-text 0.1.4 not found "
            + "(or it is private and you are not signed in as someone who may see it)",
        "400|reason-required|Say why the version is yanked (field 'reason'); users see it.|none|1|say why the version is yanked "
            + "with --reason \"...\" (users see it)",
        "400|archive-path-traversal|entry '../x' escapes the archive|push|1|the hub refused the wheel: entry '../x' escapes the "
            + "archive (archive-path-traversal)",
        "503|storage-unavailable|S3 down|none|3|the hub's object store is unavailable right now — try again in a minute",
        "500|internal-error||none|3|the hub failed (HTTP 500) — try again later",
        "409|version-not-found|alice/x@9.9.9 is not published on the hub (or was deleted).|bounty|1|alice/x@9.9.9 is not "
            + "published on the hub (or was deleted)",
        "400|invalid-scopes|Scopes must be a non-empty list of 'read' and 'publish'.|none|1|Scopes must be a non-empty list of "
            + "'read' and 'publish'",
    })
    void oneReadableLinePerRefusal(int status, String code, String detail, String situation, int exit, String expected) throws Exception {
        String body = JSON.writeValueAsString(java.util.Map.of("type", "https://envhub.dev/problems/" + code, "title", "Refused",
                "status", status, "detail", detail == null ? "" : detail));
        if (detail == null) {
            body = "{\"type\":\"https://envhub.dev/problems/" + code + "\",\"title\":\"Internal error\",\"status\":" + status + "}";
        }
        ApiProblem p = ApiProblem.of(status, body, JSON).in(switch (situation) {
            case "push" -> PUSH;
            case "pull" -> Situation.of("pull", "alice", "reverse-text", "0.1.4");
            case "bounty" -> Situation.of("bounty submit", "alice", "x", "9.9.9");
            default -> Situation.NONE;
        });
        assertEquals(code, p.code());
        assertEquals(expected, p.readable());
        assertFalse(p.readable().contains("\n"));
        assertEquals(exit, ProblemMessages.exitCode(p));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "405|<html>Method Not Allowed</html>|this hub does not offer that request (HTTP 405) — is it an EnvHub, and up to date?",
        "502|bad gateway|the hub failed (HTTP 502) — try again later",
        "404||this hub does not offer that request (HTTP 404) — is it an EnvHub, and up to date?",
    })
    void nonProblemAnswers(int status, String body, String expected) {
        assertEquals(expected, ApiProblem.of(status, body, JSON).readable());
    }
}
