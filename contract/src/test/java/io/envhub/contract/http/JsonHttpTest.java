package io.envhub.contract.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link JsonHttp} against a real HTTP server on a free loopback port. */
class JsonHttpTest {
    /** What the server answers to one request. */
    private interface Route {
        void handle(HttpExchange ex) throws IOException;
    }

    /** A bound record, to show typed reading. */
    record Me(String username, int stars) {
    }

    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final ExecutorService pool = Executors.newCachedThreadPool();
    private volatile Route route;
    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            seen.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " " + ex.getRequestHeaders().getFirst("User-Agent"));
            authorizations.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
            ex.getRequestBody().readAllBytes();
            route.handle(ex);
        });
        server.setExecutor(pool);
        server.start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.stop(0);
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    private JsonHttp client() {
        return new JsonHttp(HttpClient.newHttpClient(), new ObjectMapper(), "http://127.0.0.1:" + server.getAddress().getPort() + "/",
                "envhub-test/1").withRetries(4, Duration.ofMillis(100), waits::add);
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Test
    void readsJsonAsTreeAndAsRecordWithTheCallersHeaders() throws Exception {
        route = ex -> send(ex, 200, "application/json", "{\"username\":\"alice\",\"stars\":3,\"extra\":true}");
        JsonHttp http = client().withAuth(Authorization.bearer(() -> "t0k"));
        JsonNode tree = http.get("/api/v1/me");
        assertEquals("alice", tree.path("username").asText());
        assertEquals(3, tree.path("stars").asInt());
        assertEquals(List.of("GET /api/v1/me envhub-test/1"), seen);
        assertEquals(List.of("Bearer t0k"), authorizations);
        assertTrue(waits.isEmpty());
    }

    @Test
    void bindsATypedAnswerAndPostsAJsonBody() throws Exception {
        List<String> bodies = new ArrayList<>();
        server.createContext("/echo", ex -> {
            bodies.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8) + " "
                    + ex.getRequestHeaders().getFirst("Content-Type"));
            send(ex, 200, "application/json", "{\"username\":\"bob\",\"stars\":7}");
        });
        JsonHttp http = client();
        assertEquals(new Me("bob", 7), http.get("/echo", Me.class));
        assertEquals(7, http.post("/echo", Map.of("worker", "w1")).path("stars").asInt());
        assertEquals(List.of(" null", "{\"worker\":\"w1\"} application/json"), bodies);
        route = ex -> send(ex, 204, "application/json", "");
        assertTrue(http.post("/api/v1/nothing", null).isMissingNode());
    }

    @Test
    void aProblemDocumentBecomesAProblemExceptionWithCodeTitleAndDetail() {
        String doc = "{\"type\":\"https://envhub.dev/problems/version-exists\",\"title\":\"Version exists\",\"status\":409,"
                + "\"detail\":\"alice/env 1.0 was already pushed.\",\"instance\":\"/api/v1/x\"}";
        route = ex -> send(ex, 409, "application/problem+json", doc);
        ProblemException e = assertThrows(ProblemException.class, () -> client().post("/api/v1/x", Map.of("a", 1)));
        assertEquals(409, e.status());
        assertEquals("version-exists", e.code());
        assertEquals("Version exists", e.problem().title());
        assertEquals("alice/env 1.0 was already pushed.", e.problem().detail());
        assertEquals(doc, e.body());
        assertEquals("HTTP 409 version-exists: alice/env 1.0 was already pushed.", e.getMessage());
    }

    @Test
    void anAnswerThatIsNoProblemDocumentKeepsItsStatusAndBody() {
        route = ex -> send(ex, 500, "text/html", "<html>oops</html>");
        ProblemException e = assertThrows(ProblemException.class, () -> client().withRetries(1, Duration.ZERO, waits::add).get("/x"));
        assertEquals(500, e.status());
        assertEquals("http-500", e.code());
        assertEquals(500, e.problem().status());
        assertEquals("<html>oops</html>", e.body());
    }

    @Test
    void getIsRetriedWithBackoffOn503ThenSucceeds() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        route = ex -> {
            if (calls.incrementAndGet() < 3) {
                send(ex, 503, "text/plain", "busy");
            } else {
                send(ex, 200, "application/json", "{\"ok\":true}");
            }
        };
        assertTrue(client().get("/api/v1/me").path("ok").asBoolean());
        assertEquals(3, calls.get());
        assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200)), waits);
    }

    @Test
    void getGivesUpAfterTheLastAttemptWithTheLastAnswer() {
        route = ex -> send(ex, 502, "text/plain", "bad gateway");
        ProblemException e = assertThrows(ProblemException.class, () -> client().get("/api/v1/me"));
        assertEquals(502, e.status());
        assertEquals(4, seen.size());
        assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(400)), waits);
    }

    @Test
    void postIsSentOnceEvenOn503() {
        route = ex -> send(ex, 503, "text/plain", "busy");
        ProblemException e = assertThrows(ProblemException.class, () -> client().post("/api/v1/tokens", Map.of("a", 1)));
        assertEquals(503, e.status());
        assertEquals(1, seen.size());
        assertTrue(waits.isEmpty());
    }

    @Test
    void unreachableHostIsRetriedForGetThenThrowsTheNetworkError() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        JsonHttp http = new JsonHttp(HttpClient.newHttpClient(), new ObjectMapper(), "http://127.0.0.1:" + port, "envhub-test/1")
                .withRetries(3, Duration.ofMillis(10), waits::add);
        assertThrows(ConnectException.class, () -> http.get("/x"));
        assertEquals(2, waits.size());
        waits.clear();
        assertThrows(ConnectException.class, () -> http.post("/x", null));
        assertTrue(waits.isEmpty());
    }

    @Test
    void unauthorizedRefreshesTheCredentialsAndRepeatsOnce() throws Exception {
        AtomicInteger refreshes = new AtomicInteger();
        Authorization auth = new Authorization() {
            @Override
            public Optional<String> authorization() {
                return Optional.of(refreshes.get() == 0 ? "Bearer stale" : "Bearer fresh");
            }

            @Override
            public boolean refreshAfterUnauthorized() {
                refreshes.incrementAndGet();
                return true;
            }
        };
        route = ex -> {
            if ("Bearer fresh".equals(ex.getRequestHeaders().getFirst("Authorization"))) {
                send(ex, 200, "application/json", "{\"username\":\"alice\"}");
            } else {
                send(ex, 401, "application/problem+json", "{\"type\":\"https://envhub.dev/problems/unauthorized\",\"status\":401}");
            }
        };
        assertEquals("alice", client().withAuth(auth).post("/api/v1/me", null).path("username").asText());
        assertEquals(1, refreshes.get());
        assertEquals(List.of("Bearer stale", "Bearer fresh"), authorizations);

        route = ex -> send(ex, 401, "application/problem+json", "{\"type\":\"https://envhub.dev/problems/unauthorized\",\"status\":401}");
        authorizations.clear();
        ProblemException e = assertThrows(ProblemException.class, () -> client().withAuth(auth).get("/api/v1/me"));
        assertEquals("unauthorized", e.code());
        assertEquals(2, refreshes.get(), "refreshed once per call, not again after the repeat");
        assertEquals(2, authorizations.size());
    }

    @Test
    void aHangingServerTimesOut() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        route = ex -> {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            send(ex, 200, "application/json", "{}");
        };
        try {
            JsonHttp http = client().withRetries(1, Duration.ZERO, waits::add).withTimeout(Duration.ofMillis(300));
            assertThrows(HttpTimeoutException.class, () -> http.get("/slow"));
            assertEquals(1, seen.size());
        } finally {
            release.countDown();
        }
    }
}
