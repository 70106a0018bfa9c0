package io.envhub.validator.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A WebSocket client that speaks one JSON message at a time, as OpenEnv's EnvClient does over {@code /ws}. */
final class SocketProbe implements WebSocket.Listener, AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
    private final StringBuilder partial = new StringBuilder();
    private final WebSocket socket;
    private volatile boolean closed;

    /** Connects to {@code base + "/ws"}, the base URL's scheme turned into ws:// as OpenEnv's client does. */
    SocketProbe(String base) throws Exception {
        socket = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create(base.replaceFirst("^http", "ws") + "/ws"), this).get(30, TimeUnit.SECONDS);
    }

    /** Sends one message and waits for the answer. */
    JsonNode ask(String message) throws Exception {
        socket.sendText(message, true).get(30, TimeUnit.SECONDS);
        return next();
    }

    /** The next message the server sent (it may send one unasked, e.g. an error before closing). */
    JsonNode next() throws Exception {
        String text = received.poll(90, TimeUnit.SECONDS);
        if (text == null) {
            throw new AssertionError("no answer on the socket within 90 s");
        }
        return JSON.readTree(text);
    }

    boolean closedByServer() throws InterruptedException {
        for (int i = 0; i < 50 && !closed; i++) {
            Thread.sleep(100);
        }
        return closed;
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            received.add(partial.toString());
            partial.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed = true;
        return null;
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null);
    }
}
