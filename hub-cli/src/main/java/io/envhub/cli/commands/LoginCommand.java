package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.auth.KeycloakClient;
import io.envhub.cli.config.Credentials;
import io.envhub.cli.http.ApiProblem;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.Situation;
import io.envhub.cli.http.Sleeper;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code envhub login}: device login through Keycloak, or store a personal access token read from stdin. */
@Command(name = "login", mixinStandardHelpOptions = true,
        header = "Sign in (device login through Keycloak, or a personal access token).",
        description = {"Sign in. Without options: the OAuth device login — open the printed URL in any browser, confirm the "
            + "code, and the CLI stores a refresh token in the credentials file (mode 0600) and refreshes access tokens "
            + "silently.", "With --token: read a personal access token (envhub_...) from stdin, check it and store it (for CI "
            + "prefer the ENVHUB_TOKEN variable)."},
        footer = {"", "Examples:", "  envhub login", "  envhub login --hub-url https://hub.example.org --keycloak-url https://id.example.org",
            "  echo \"$ENVHUB_PAT\" | envhub login --token"})
public final class LoginCommand extends BaseCommand {
    @Option(names = "--token", description = "Read a personal access token from stdin and store it instead of the device login")
    boolean token;

    @Override
    protected int run(CliContext ctx) throws IOException {
        return token ? tokenLogin(ctx) : deviceLogin(ctx);
    }

    private int deviceLogin(CliContext ctx) {
        String hubUrl = ctx.hubUrl();
        String kcUrl = ctx.keycloakUrl();
        KeycloakClient kc = new KeycloakClient(kcUrl, ctx.http(), ctx.mapper(), Sleeper.REAL);
        KeycloakClient.DeviceAuthorization auth = kc.startDeviceLogin();
        ctx.notes().println("To sign in to " + hubUrl + ", open this page in a browser:");
        ctx.notes().println();
        ctx.notes().println("  " + auth.pageToOpen());
        ctx.notes().println();
        ctx.notes().println("and check that it shows the code " + auth.userCode() + ". Waiting for you to confirm "
                + "(the code expires in " + (auth.expiresIn() / 60) + " min; Ctrl-C cancels)...");
        ctx.notes().flush();
        KeycloakClient.TokenSet tokens = kc.awaitDeviceLogin(auth);
        Credentials creds = new Credentials(Credentials.KEYCLOAK, kcUrl, KeycloakClient.CLIENT_ID, tokens.refreshToken(),
                tokens.accessToken(), tokens.expiresAt(), null, null);
        ctx.credentials().save(hubUrl, creds, true);
        ctx.session().reload();
        String username = null;
        String warning = null;
        try {
            JsonNode me = new HubClient(hubUrl, ctx.http(), ctx.mapper(), new FixedAuth(tokens.accessToken()))
                    .get(hubUrl + "/api/v1/me", Situation.NONE);
            username = me.path("username").asText(null);
            ctx.credentials().save(hubUrl, creds.withUsername(username), true);
        } catch (ApiProblem | CliException e) {
            warning = "signed in to Keycloak, but the hub did not confirm: "
                    + (e instanceof ApiProblem p ? p.readable() : e.getMessage());
        }
        report(ctx, hubUrl, username, Credentials.KEYCLOAK, tokens.refreshToken() != null, warning);
        return ExitCodes.OK;
    }

    private int tokenLogin(CliContext ctx) throws IOException {
        String hubUrl = ctx.hubUrl();
        String secret = readSecret(ctx);
        if (secret == null || secret.isBlank()) {
            throw new CliException(ExitCodes.USAGE, "no token on stdin — pipe it in: echo \"$TOKEN\" | envhub login --token");
        }
        if (!secret.startsWith("envhub_")) {
            throw new CliException(ExitCodes.USAGE, "that is not an EnvHub personal access token (they start with envhub_) — "
                    + "create one with `envhub token create` or on the hub's token page");
        }
        JsonNode me;
        try {
            me = new HubClient(hubUrl, ctx.http(), ctx.mapper(), new FixedAuth(secret)).get(hubUrl + "/api/v1/me", Situation.NONE);
        } catch (ApiProblem p) {
            if (p.status() == 401) {
                throw new CliException(ExitCodes.NETWORK_OR_AUTH, "the hub at " + hubUrl
                        + " refused this token (revoked, expired or mistyped); nothing was stored", p);
            }
            throw p;
        }
        String username = me.path("username").asText(null);
        ctx.credentials().save(hubUrl, Credentials.personal(secret, username), true);
        ctx.session().reload();
        report(ctx, hubUrl, username, Credentials.TOKEN, false, null);
        return ExitCodes.OK;
    }

    private static String readSecret(CliContext ctx) throws IOException {
        Console console = System.console();
        if (ctx.terminal() && console != null && ctx.in() == System.in) {
            char[] chars = console.readPassword("Personal access token: ");
            return chars == null ? null : new String(chars).strip();
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(ctx.in(), StandardCharsets.UTF_8));
        String line = r.readLine();
        return line == null ? null : line.strip();
    }

    private static void report(CliContext ctx, String hubUrl, String username, String kind, boolean refresh, String warning) {
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("hub", hubUrl);
            m.put("username", username);
            m.put("authentication", kind);
            m.put("credentials", ctx.credentials().file().toString());
            if (warning != null) {
                m.put("warning", warning);
            }
            printJson(ctx, m);
            return;
        }
        if (warning != null) {
            ctx.err().println("envhub: warning: " + warning);
        }
        String who = username == null ? "" : " as " + username;
        String what = Credentials.TOKEN.equals(kind) ? "personal access token" : refresh ? "refresh token" : "access token";
        ctx.out().println("Signed in to " + hubUrl + who + " (" + what + " stored in " + ctx.credentials().file() + ")");
    }
}
