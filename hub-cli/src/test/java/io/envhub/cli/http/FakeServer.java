package io.envhub.cli.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A scripted HTTP server on a free loopback port for CLI unit tests of transport behaviour (retries, redirects,
 * hash checks) that a real hub cannot be made to misbehave for. It records every request.
 */
public final class FakeServer implements AutoCloseable {
    /** A canned answer. */
    public interface Handler {
        /**
         * Answers one request.
         *
         * @param ex the exchange
         * @throws IOException on write failure
         */
        void handle(HttpExchange ex) throws IOException;
    }

    /**
     * A request as seen.
     *
     * @param method method
     * @param path path and query
     * @param authorization Authorization header or null
     */
    public record Seen(String method, String path, String authorization) {
    }

    private final HttpServer server;
    private final Map<String, Handler> routes = new ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    public FakeServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            String path = ex.getRequestURI().getRawPath();
            seen.add(new Seen(ex.getRequestMethod(), ex.getRequestURI().toString(), ex.getRequestHeaders().getFirst("Authorization")));
            ex.getRequestBody().readAllBytes();
            Handler h = routes.get(ex.getRequestMethod() + " " + path);
            if (h == null) {
                send(ex, 404, "application/problem+json", "{\"type\":\"https://envhub.dev/problems/not-found\",\"title\":\"Not found\","
                        + "\"status\":404,\"detail\":\"No route " + path + ".\"}");
                return;
            }
            h.handle(ex);
        });
        server.start();
    }

    /** Base URL. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Adds a route such as {@code GET /api/v1/me}. */
    public FakeServer on(String methodAndPath, Handler h) {
        routes.put(methodAndPath, h);
        return this;
    }

    /** Requests seen so far. */
    public List<Seen> seen() {
        return seen;
    }

    /** Sends a complete answer. */
    public static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        send(ex, status, type, bytes);
    }

    /** Sends a complete answer. */
    public static void send(HttpExchange ex, int status, String type, byte[] bytes) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
        ex.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
