package io.envhub.cli.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.config.CredentialStore;
import java.net.http.HttpClient;
import java.util.Map;

/** What a {@link Session} reads from the run it belongs to (the CLI's context implements it). */
public interface SessionSource {
    /** The process environment (ENVHUB_TOKEN lives there). */
    Map<String, String> env();

    /** The hub's base URL. */
    String hubUrl();

    /** Keycloak's base URL, for refreshing a login. */
    String keycloakUrl();

    /** The credentials file. */
    CredentialStore credentials();

    /** The shared HTTP client. */
    HttpClient http();

    /** The shared JSON mapper. */
    ObjectMapper mapper();
}
