package io.envhub.stack.seed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Seeds the demo bounties ({@code bounties.json} next to this class) through bounty-service's real public API: sam
 * posts each one, ada (admin) records sam's funding of reward × max awards (opening reserves it in escrow), sam opens
 * it; for the one with a {@code demo} block, alice applies, sam accepts, alice submits the
 * named demo environment version and sam approves it. A bounty sam already has (same title) is left as it is.
 */
public final class DemoBounties {
    /** The demo sponsor. */
    static final String SPONSOR = "sam";
    /** The demo admin, who records the sponsor's funding before each bounty opens. */
    static final String ADMIN = "ada";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final SeedClient tokens;
    private final PrintStream out;

    public DemoBounties(String bountyUrl, SeedClient tokens, PrintStream out) {
        this.base = bountyUrl.endsWith("/") ? bountyUrl.substring(0, bountyUrl.length() - 1) : bountyUrl;
        this.tokens = tokens;
        this.out = out;
    }

    /** The demo bounties as written in {@code bounties.json}. */
    static JsonNode catalogue() throws IOException {
        try (InputStream in = DemoBounties.class.getResourceAsStream("bounties.json")) {
            if (in == null) {
                throw new IOException("bounties.json is missing from the local-stack jar");
            }
            return JSON.readTree(in);
        }
    }

    /** Seeds every demo bounty that sam does not have yet; returns how many were created now. */
    public int seed() throws IOException, InterruptedException {
        String sam = tokens.token(SPONSOR);
        Set<String> existing = new HashSet<>();
        call("GET", "/api/v1/bounties/me/bounties", sam, null, 200).forEach(b -> existing.add(b.path("title").asText()));
        int created = 0;
        for (JsonNode b : catalogue()) {
            String title = b.path("title").asText();
            if (existing.contains(title)) {
                continue;
            }
            ObjectNode body = ((ObjectNode) b.deepCopy()).without(java.util.List.of("demo", "deadlineDays"));
            body.put("deadline", OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.DAYS)
                    .plusDays(b.path("deadlineDays").asLong(60)).toString());
            long id = call("POST", "/api/v1/bounties", sam, body, 201).path("id").asLong();
            fund(b, id);
            call("POST", "/api/v1/bounties/" + id + "/open", sam, null, 200);
            created++;
            if (b.has("demo")) {
                award(id, b.path("demo"), sam);
            }
            out.println("seed: bounty #" + id + " '" + title + "' (" + b.path("tier").asText() + ", "
                    + b.path("domain").asText() + ") posted by " + SPONSOR + (b.has("demo") ? ", with an accepted "
                    + "application and an approved submission" : ""));
        }
        if (created == 0) {
            out.println("seed: demo bounties already exist");
        }
        return created;
    }

    /** ada records that sam paid in what opening bounty {@code id} reserves (reward × max awards). */
    private void fund(JsonNode b, long id) throws IOException, InterruptedException {
        long amount = b.path("rewardMinor").asLong() * b.path("maxAwards").asLong(1);
        call("POST", "/api/v1/ledger/funding", tokens.token(ADMIN), Map.of("sponsor", SPONSOR, "amountMinor", amount,
                "currency", b.path("currency").asText("USD"), "reference", "demo-seed-bounty-" + id), 201);
    }

    private void award(long id, JsonNode demo, String sam) throws IOException, InterruptedException {
        String applicant = tokens.token(demo.path("applicant").asText());
        JsonNode app = call("POST", "/api/v1/bounties/" + id + "/applications", applicant,
                Map.of("proposal", demo.path("proposal").asText()), 201);
        call("POST", "/api/v1/bounties/" + id + "/applications/" + app.path("id").asLong() + "/decision", sam,
                Map.of("decision", "accept", "comment", "Welcome aboard."), 200);
        String[] ref = demo.path("submission").asText().split("@", 2);
        JsonNode sub = call("POST", "/api/v1/bounties/" + id + "/submissions", applicant,
                Map.of("environment", ref[0], "version", ref[1]), 201);
        int criteria = 0;
        for (JsonNode ignored : call("GET", "/api/v1/bounties/" + id, sam, null, 200).path("criteria")) {
            criteria++;
        }
        java.util.List<Boolean> ticks = java.util.Collections.nCopies(criteria, Boolean.TRUE);
        call("POST", "/api/v1/submissions/" + sub.path("id").asLong() + "/reviews", sam,
                Map.of("decision", "approve", "comment", demo.path("review").asText(), "checklist", ticks), 200);
    }

    private JsonNode call(String method, String path, String token, Object body, int expected)
            throws IOException, InterruptedException {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT)
                .header("Accept", "application/json").header("Authorization", "Bearer " + token);
        if (body == null) {
            req.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            req.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        }
        HttpResponse<String> r = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expected) {
            throw new IOException(method + " " + path + " answered HTTP " + r.statusCode() + ": "
                    + new SeedClient.Answer(r.statusCode(), r.body()).reason());
        }
        return r.body() == null || r.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.body());
    }
}
