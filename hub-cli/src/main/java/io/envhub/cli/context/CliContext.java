package io.envhub.cli.context;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.auth.Session;
import io.envhub.cli.auth.SessionSource;
import io.envhub.cli.config.CredentialStore;
import io.envhub.cli.http.CliJson;
import io.envhub.cli.http.HubClient;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Everything a command needs from the outside world: environment variables, standard streams, whether a terminal
 * is attached, the global options, and the lazily created hub client and login session. Tests build one with
 * their own environment and streams instead of touching the process's.
 */
public final class CliContext implements SessionSource {
    /** Default hub URL (the local stack). */
    public static final String DEFAULT_HUB_URL = "http://127.0.0.1:8081";
    /** Default Keycloak URL (the local stack). */
    public static final String DEFAULT_KEYCLOAK_URL = "http://127.0.0.1:8180";

    private final Map<String, String> env;
    private final PrintStream out;
    private final PrintStream err;
    private final InputStream in;
    private final boolean terminal;

    private String hubUrlOption;
    private String keycloakUrlOption;
    private boolean json;
    private ObjectMapper mapper;
    private CredentialStore store;
    private Session session;
    private HubClient hub;
    private HttpClient http;

    /**
     * Creates a context.
     *
     * @param env environment variables
     * @param out standard output
     * @param err standard error
     * @param in standard input
     * @param terminal whether a terminal is attached (progress redraws in place)
     */
    public CliContext(Map<String, String> env, PrintStream out, PrintStream err, InputStream in, boolean terminal) {
        this.env = Map.copyOf(env);
        this.out = out;
        this.err = err;
        this.in = in;
        this.terminal = terminal;
    }

    /**
     * The context of the real process.
     *
     * @return a context over System streams and variables
     */
    public static CliContext system() {
        return new CliContext(System.getenv(), System.out, System.err, System.in, System.console() != null);
    }

    @Override
    public Map<String, String> env() {
        return env;
    }

    public PrintStream out() {
        return out;
    }

    public PrintStream err() {
        return err;
    }

    public InputStream in() {
        return in;
    }

    /** Whether a terminal is attached. */
    public boolean terminal() {
        return terminal;
    }

    /** Whether {@code --json} was given. */
    public boolean json() {
        return json;
    }

    /** Set by the root command's --json option. */
    public void json(boolean value) {
        this.json = value;
    }

    /** Set by the root command's --hub option. */
    public void hubUrlOption(String value) {
        this.hubUrlOption = value;
    }

    /** Set by the root command's --keycloak option. */
    public void keycloakUrlOption(String value) {
        this.keycloakUrlOption = value;
    }

    /** Where human progress and notes go: stdout normally, stderr under {@code --json} so stdout stays JSON. */
    public PrintStream notes() {
        return json ? err : out;
    }

    /** Whether {@code ENVHUB_DEBUG} asks for stack traces. */
    public boolean debug() {
        String v = env.get("ENVHUB_DEBUG");
        return v != null && !v.isEmpty() && !v.equals("0");
    }

    /**
     * The hub URL: {@code --hub-url}, else {@code ENVHUB_URL}, else the hub of the last login, else the local default.
     *
     * @return base URL without trailing slash
     */
    @Override
    public String hubUrl() {
        String v = firstNonBlank(hubUrlOption, env.get("ENVHUB_URL"));
        if (v == null) {
            v = credentials().defaultHub().orElse(DEFAULT_HUB_URL);
        }
        return trimSlash(v);
    }

    /**
     * The web hub's URL (version pages): {@code ENVHUB_WEB_URL}, else the hub URL with the local stack's API port 8081
     * replaced by the web port 8080, else the hub URL itself (a hub that serves pages and API on one origin).
     *
     * @return base URL without trailing slash
     */
    public String webUrl() {
        String v = env.get("ENVHUB_WEB_URL");
        if (v != null && !v.isBlank()) {
            return trimSlash(v);
        }
        String hub = hubUrl();
        java.net.URI uri = java.net.URI.create(hub);
        if (uri.getPort() == 8081 && uri.getRawPath().isEmpty()) {
            return uri.getScheme() + "://" + uri.getHost() + ":8080";
        }
        return hub;
    }

    /**
     * The Keycloak URL: {@code --keycloak-url}, else {@code ENVHUB_KEYCLOAK_URL}, else the one stored at login for this
     * hub, else the local default.
     *
     * @return base URL without trailing slash
     */
    @Override
    public String keycloakUrl() {
        String v = firstNonBlank(keycloakUrlOption, env.get("ENVHUB_KEYCLOAK_URL"));
        if (v == null) {
            v = credentials().load(hubUrl()).map(c -> c.keycloakUrl()).orElse(DEFAULT_KEYCLOAK_URL);
        }
        return trimSlash(v == null ? DEFAULT_KEYCLOAK_URL : v);
    }

    /**
     * The configuration directory: {@code ENVHUB_CONFIG_DIR}, else {@code $XDG_CONFIG_HOME/envhub}, else
     * {@code ~/.config/envhub}.
     *
     * @return the directory (may not exist yet)
     */
    public Path configDir() {
        String dir = env.get("ENVHUB_CONFIG_DIR");
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir);
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "envhub");
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        return Path.of(home, ".config", "envhub");
    }

    /** Jackson, configured once. */
    @Override
    public ObjectMapper mapper() {
        if (mapper == null) {
            mapper = CliJson.mapper();
        }
        return mapper;
    }

    /** The shared HTTP client (no automatic redirects: downloads follow them without credentials). */
    @Override
    public HttpClient http() {
        if (http == null) {
            http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                    .followRedirects(HttpClient.Redirect.NEVER).build();
        }
        return http;
    }

    /** The credentials file. */
    @Override
    public CredentialStore credentials() {
        if (store == null) {
            store = new CredentialStore(configDir(), mapper());
        }
        return store;
    }

    /** The login session for the current hub. */
    public Session session() {
        if (session == null) {
            session = new Session(this);
        }
        return session;
    }

    /** The client of the current hub. */
    public HubClient hub() {
        if (hub == null) {
            hub = new HubClient(hubUrl(), http(), mapper(), session());
        }
        return hub;
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        return b != null && !b.isBlank() ? b : null;
    }

    private static String trimSlash(String url) {
        String u = url.strip();
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u;
    }
}
