package io.envhub.web.publishing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.api.TrustedPublisher;
import io.envhub.contract.http.JsonHttp;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The hub API calls of the trusted publishers page, on contract's {@link JsonHttp} with contract's records, as the
 * signed-in user. Refusals arrive as contract's {@code ProblemException} (the page shows their detail).
 */
@ApplicationScoped
public class PublishingClient {
    private final JsonHttp http;
    private final ObjectMapper mapper;

    public PublishingClient(@ConfigProperty(name = "quarkus.rest-client.hub-api.url") String hubUrl, ObjectMapper mapper) {
        this.mapper = mapper;
        this.http = new JsonHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(), mapper, hubUrl,
                "envhub-web").withTimeout(Duration.ofSeconds(30));
    }

    /** What the hub trusts: its issuers, and the audience publishers get by default. */
    public record Info(List<String> issuers, String audience) {
    }

    public Info info() throws IOException, InterruptedException {
        JsonNode n = http.get("/api/v1/trusted-publishing");
        List<String> issuers = new ArrayList<>();
        n.path("issuers").forEach(i -> issuers.add(i.asText()));
        return new Info(issuers, n.path("audience").asText());
    }

    public List<TrustedPublisher> list(String bearer, String owner, String name) throws IOException, InterruptedException {
        return Arrays.asList(as(bearer).get(path(owner, name), TrustedPublisher[].class));
    }

    public TrustedPublisher add(String bearer, String owner, String name, TrustedPublisher.Registration r)
            throws IOException, InterruptedException {
        return mapper.treeToValue(as(bearer).post(path(owner, name), r), TrustedPublisher.class);
    }

    public void remove(String bearer, String owner, String name, long id) throws IOException, InterruptedException {
        JsonHttp h = as(bearer);
        HttpResponse<String> res = h.send(h.request(path(owner, name) + "/" + id).DELETE(), true, true,
                HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != 204) {
            h.json(res); // throws the hub's refusal
        }
    }

    private JsonHttp as(String bearer) {
        return http.withAuth(() -> Optional.ofNullable(bearer));
    }

    private static String path(String owner, String name) {
        return "/api/v1/environments/" + JsonHttp.encode(owner) + "/" + JsonHttp.encode(name) + "/trusted-publishers";
    }

    /** Parses the form's claims, one {@code name=value} per line; blank lines are skipped. */
    static Map<String, String> claims(String text) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String line : (text == null ? "" : text).split("\\R")) {
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            int eq = l.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("Write each claim as name=value (\"" + l + "\" has no '=').");
            }
            out.put(l.substring(0, eq).strip(), l.substring(eq + 1).strip());
        }
        return out;
    }
}
