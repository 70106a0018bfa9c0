package io.envhub.web.bounty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.envhub.web.client.ServiceJson;
import io.envhub.web.money.MoneyClient;
import io.envhub.web.settings.ApiProblem;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bounty-service clients on {@link ServiceJson} against a local HTTP server answering as bounty-service does:
 * the method, path and query each call sends, the viewer's token passed on, and a refusal reaching the pages as
 * before (its problem detail in {@link ApiProblem}, an unreachable service as 502).
 */
class BountyServiceCallsTest {
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private ServiceJson service;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
                    + exchange.getRequestHeaders().getFirst("Authorization"));
            String path = exchange.getRequestURI().getPath();
            int status = 200;
            String type = "application/json";
            String body;
            if (path.endsWith("/open")) {
                status = 409;
                type = "application/problem+json";
                body = "{\"type\":\"https://envhub.io/problems/insufficient-funds\",\"title\":\"Insufficient funds\","
                        + "\"status\":409,\"detail\":\"Fund 10.00 USD more before opening.\"}";
            } else if (path.endsWith("/export.csv")) {
                type = "text/csv";
                body = "payee,amount\nalice,10.00\n";
            } else {
                body = "{\"ok\":true}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", type);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        service = new ServiceJson("http://127.0.0.1:" + server.getAddress().getPort(), 5000,
                new ObjectMapper().findAndRegisterModules());
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aRefusalReachesThePageWithTheServicesDetail() {
        BountyClient bounties = new BountyClient(service, null);
        ApiProblem.Refused refused = assertThrows(ApiProblem.Refused.class,
                () -> ApiProblem.call(() -> bounties.transition("Bearer t", 7, "open")));
        assertEquals(new ApiProblem(409, "insufficient-funds", "Fund 10.00 USD more before opening."), refused.problem());
        assertEquals(List.of("POST /api/v1/bounties/7/open Bearer t"), seen);
    }

    @Test
    void moneyCallsSendTheirPathsAndTheExportIsReadAsText() {
        MoneyClient money = new MoneyClient(service, null);
        assertEquals("payee,amount\nalice,10.00\n", money.exportCsv("Bearer a"));
        money.retry("Bearer a", 3);
        money.reconciliation(null);
        assertEquals(List.of("GET /api/v1/payouts/export.csv Bearer a", "POST /api/v1/payouts/3/retry Bearer a",
                "GET /api/v1/ledger/reconciliation null"), seen);
    }

    @Test
    void theBoardsFiltersBecomeTheQueryLeavingOutThoseNotSet() {
        BountyClient bounties = new BountyClient(service, null);
        try {
            bounties.list(null, "open", null, "math", 100L, null, "a b", null, 2, null);
        } catch (RuntimeException notAPage) {
            // {"ok":true} is no page of bounties; only the request matters here
        }
        assertEquals(List.of("GET /api/v1/bounties?status=open&domain=math&minReward=100&q=a%20b&page=2 null"), seen);
    }

    @Test
    void aServiceThatDoesNotAnswerIsUnreachable() {
        server.stop(0);
        BountyClient bounties = new BountyClient(service, null);
        ApiProblem.Refused refused = assertThrows(ApiProblem.Refused.class,
                () -> ApiProblem.call(() -> bounties.bounty(null, 1)));
        assertEquals(ApiProblem.UNREACHABLE, refused.problem().status());
    }
}
