package io.envhub.validator.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenAI-compatible model server for tests ({@code POST /v1/chat/completions}), deterministic by prompt: to "What is
 * A + B? ..." it answers A + B when A is even and A + B + 1 (wrong) when A is odd. The model {@code slow} waits
 * {@link #SLOW_MS} before each answer. It records every request's Authorization header and messages.
 */
final class ScriptedModelServer implements AutoCloseable {
    static final long SLOW_MS = 1500;
    private static final Pattern SUM = Pattern.compile("What is (\\d+) \\+ (\\d+)\\?");
    private static final ObjectMapper JSON = new ObjectMapper();

    final List<String> authorizations = new CopyOnWriteArrayList<>();
    final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final HttpServer server;

    ScriptedModelServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.createContext("/v1/chat/completions", ex -> {
            try (ex) {
                JsonNode req = JSON.readTree(ex.getRequestBody());
                authorizations.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
                requests.add(req);
                if ("slow".equals(req.path("model").asText())) {
                    Thread.sleep(SLOW_MS);
                }
                JsonNode messages = req.path("messages");
                String last = messages.path(messages.size() - 1).path("content").asText();
                Matcher m = SUM.matcher(last);
                String answer = "I do not know";
                if (m.find()) {
                    int a = Integer.parseInt(m.group(1));
                    int b = Integer.parseInt(m.group(2));
                    answer = Integer.toString(a % 2 == 0 ? a + b : a + b + 1);
                }
                ObjectNode out = JSON.createObjectNode();
                out.put("id", "chatcmpl-test").put("object", "chat.completion").put("model", req.path("model").asText());
                ObjectNode choice = out.putArray("choices").addObject();
                choice.put("index", 0).put("finish_reason", "stop");
                choice.putObject("message").put("role", "assistant").put("content", answer);
                byte[] body = out.toString().getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().set("Content-Type", "application/json");
                ex.sendResponseHeaders(200, body.length);
                ex.getResponseBody().write(body);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
    }

    /** The base URL to give the hub: {@code http://127.0.0.1:<port>/v1}. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
