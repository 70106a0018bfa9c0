package io.envhub.registry.hubeval;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * Egress of hub-run evaluations: the hub calls only model endpoints whose host the operator allowed
 * ({@code ENVHUB_EVAL_ALLOWED_HOSTS}), and this machine only with {@code ENVHUB_EVAL_ALLOW_LOOPBACK}. The base URL must
 * be plain http(s) without user info, query or fragment (credentials go in the API key, never in the URL).
 */
@ApplicationScoped
public class EndpointGuard {
    private final HubEvalConfig config;

    public EndpointGuard(HubEvalConfig config) {
        this.config = config;
    }

    /**
     * Checks a base URL.
     *
     * @return the URL without a trailing slash
     * @throws ApiException.Invalid when malformed or its host is not allowed
     */
    public URI check(String baseUrl) {
        if (baseUrl == null || baseUrl.isBlank()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "'baseUrl' is required: the OpenAI-compatible "
                    + "endpoint's base URL, e.g. https://api.example.com/v1.");
        }
        URI uri;
        try {
            uri = URI.create(baseUrl.strip().replaceAll("/+$", ""));
        } catch (IllegalArgumentException e) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "'baseUrl' is not a URL.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "'baseUrl' must be an http:// or https:// URL with a host.");
        }
        if (uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "'baseUrl' must have no user info, query or fragment"
                    + " (send the key as 'apiKey').");
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        List<String> allowed = config.allowedHosts().orElse(List.of()).stream().map(h -> h.strip().toLowerCase(Locale.ROOT))
                .filter(h -> !h.isEmpty()).toList();
        if (allowed.contains(host)) {
            return uri;
        }
        if (loopback(host)) {
            if (config.allowLoopback()) {
                return uri;
            }
            throw new ApiException.Invalid(ProblemCode.EVAL_HOST_NOT_ALLOWED, "The model endpoint's host '" + host
                    + "' is this machine: the hub calls it only when ENVHUB_EVAL_ALLOW_LOOPBACK is true (local stack and tests).");
        }
        throw new ApiException.Invalid(ProblemCode.EVAL_HOST_NOT_ALLOWED, "The model endpoint's host '" + host
                + "' is not allowed: the hub calls only the hosts its operator lists in ENVHUB_EVAL_ALLOWED_HOSTS ("
                + (allowed.isEmpty() ? "none listed" : "now: " + String.join(", ", allowed)) + ").");
    }

    /** The endpoint as stored and shown: scheme, host and port only. */
    static String origin(URI uri) {
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getHost().toLowerCase(Locale.ROOT)
                + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    private static boolean loopback(String host) {
        return host.equals("localhost") || host.endsWith(".localhost") || host.matches("127(\\.\\d{1,3}){3}")
                || host.equals("[::1]") || host.equals("::1") || host.equals("0.0.0.0");
    }
}
