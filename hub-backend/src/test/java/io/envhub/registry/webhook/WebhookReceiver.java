package io.envhub.registry.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.envhub.contract.event.WebhookSignature;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver as a customer would write one, inside the test: it checks {@code X-EnvHub-Signature} against the
 * secret it was given (HMAC over "t.body", a timestamp within five minutes) and answers 401 to a forgery, 500 to the
 * first {@link #failNext} valid deliveries, else 200; it keeps what it accepted.
 */
final class WebhookReceiver implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One accepted delivery. */
    record Received(String eventId, String type, String deliveryHeader, JsonNode body) {
    }

    final List<Received> accepted = new CopyOnWriteArrayList<>();
    final AtomicInteger forgeries = new AtomicInteger();
    final AtomicInteger failNext = new AtomicInteger();
    final AtomicInteger requests = new AtomicInteger();
    volatile String secret = "";
    volatile boolean alwaysFail;
    private final HttpServer server;

    WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String signature = exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER);
            int status;
            String answer;
            if (!WebhookSignature.verify(signature, body, secret, Instant.now(), WebhookSignature.DEFAULT_TOLERANCE)) {
                forgeries.incrementAndGet();
                status = 401;
                answer = "bad signature";
            } else if (alwaysFail || failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                status = 500;
                answer = "receiver is down <b>for a moment</b>";
            } else {
                JsonNode event = JSON.readTree(body);
                accepted.add(new Received(event.path("id").asText(), event.path("type").asText(),
                        exchange.getRequestHeaders().getFirst("X-EnvHub-Delivery"), event));
                status = 200;
                answer = "ok " + event.path("id").asText();
            }
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Received> ofType(String type) {
        return accepted.stream().filter(r -> r.type().equals(type)).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
