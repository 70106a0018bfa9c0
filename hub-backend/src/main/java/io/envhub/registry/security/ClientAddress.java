package io.envhub.registry.security;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

/**
 * The network address of the current request's client, for per-IP limits: the connection's peer, or the forwarded
 * address when {@code quarkus.http.proxy.proxy-address-forwarding} is on (only behind a trusted proxy).
 */
@ApplicationScoped
public class ClientAddress {
    private final Instance<HttpServerRequest> request;

    public ClientAddress(Instance<HttpServerRequest> request) {
        this.request = request;
    }

    /** The client's IP address, or {@code unknown} outside a request. */
    public String current() {
        try {
            SocketAddress remote = request.get().remoteAddress();
            return remote == null || remote.hostAddress() == null ? "unknown" : remote.hostAddress();
        } catch (RuntimeException e) {
            return "unknown";
        }
    }
}
