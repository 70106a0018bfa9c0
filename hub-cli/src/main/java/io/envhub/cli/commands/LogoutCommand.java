package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.auth.KeycloakClient;
import io.envhub.cli.config.Credentials;
import io.envhub.cli.http.Sleeper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;

/** {@code envhub logout}: forget the stored credentials of the hub (and revoke a Keycloak refresh token). */
@Command(name = "logout", mixinStandardHelpOptions = true,
        header = "Delete the stored credentials of the hub.",
        description = "Delete the stored credentials of the hub; a device login's refresh token is also revoked at Keycloak "
                + "(best effort). The credentials file is deleted when no hub is left in it.",
        footer = {"", "Example:", "  envhub logout"})
public final class LogoutCommand extends BaseCommand {
    @Override
    protected int run(CliContext ctx) {
        String hub = ctx.hubUrl();
        Optional<Credentials> creds = ctx.credentials().load(hub);
        boolean revoked = false;
        if (creds.isPresent() && creds.get().isKeycloak() && creds.get().refreshToken() != null) {
            String kcUrl = creds.get().keycloakUrl() != null ? creds.get().keycloakUrl() : ctx.keycloakUrl();
            revoked = new KeycloakClient(kcUrl, ctx.http(), ctx.mapper(), Sleeper.REAL).revoke(creds.get().refreshToken());
        }
        boolean removed = ctx.credentials().remove(hub);
        ctx.session().reload();
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("hub", hub);
            m.put("removed", removed);
            m.put("revoked", revoked);
            printJson(ctx, m);
        } else if (removed) {
            ctx.out().println("Signed out of " + hub + " (credentials deleted" + (revoked ? ", refresh token revoked" : "") + ")");
        } else {
            ctx.out().println("No stored credentials for " + hub);
        }
        if (ctx.session().fromEnvironment()) {
            ctx.err().println("envhub: note: ENVHUB_TOKEN is still set and is used until you unset it");
        }
        return ExitCodes.OK;
    }
}
