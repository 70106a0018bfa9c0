package io.envhub.validator.worker;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for the one load-balanced address runners share in Kubernetes (a Service): forwards every request to the
 * runner behind it and records its method and path, so a test can see which calls went through it and which went to
 * the runner's own advertised address.
 */
final class LoadBalancerStandIn {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final HttpServer server;
    private final String target;
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final int runnerPort;

    private LoadBalancerStandIn(int runnerPort) throws IOException {
        this.runnerPort = runnerPort;
        this.target = "http://127.0.0.1:" + runnerPort;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::forward);
        server.start();
    }

    /** A stand-in in front of a runner that will listen on a free port ({@link #runnerPort}, {@link #runnerUrl}). */
    static LoadBalancerStandIn beforeAFreePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return new LoadBalancerStandIn(s.getLocalPort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The port the runner behind this stand-in is to listen on. */
    int runnerPort() {
        return runnerPort;
    }

    /** The runner's own address, the one it advertises. */
    String runnerUrl() {
        return target;
    }

    String url() {
        return "http://localhost:" + server.getAddress().getPort();
    }

    /** Method and path of each request forwarded so far. */
    List<String> seen() {
        return List.copyOf(seen);
    }

    void stop() {
        server.stop(0);
    }

    private void forward(HttpExchange ex) throws IOException {
        seen.add(ex.getRequestMethod() + " " + ex.getRequestURI().getPath());
        try (InputStream in = ex.getRequestBody(); OutputStream out = ex.getResponseBody()) {
            byte[] body = in.readAllBytes();
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(target + ex.getRequestURI()))
                    .method(ex.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            ex.getRequestHeaders().forEach((name, values) -> {
                if (name.toLowerCase().startsWith("x-envhub") || name.equalsIgnoreCase("content-type")) {
                    values.forEach(v -> b.header(name, v));
                }
            });
            HttpResponse<byte[]> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            r.headers().firstValue("content-type").ifPresent(v -> ex.getResponseHeaders().add("Content-Type", v));
            ex.sendResponseHeaders(r.statusCode(), r.body().length == 0 ? -1 : r.body().length);
            out.write(r.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ex.sendResponseHeaders(502, -1);
        }
    }
}
