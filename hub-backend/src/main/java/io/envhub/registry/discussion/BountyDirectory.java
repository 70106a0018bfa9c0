package io.envhub.registry.discussion;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.http.JsonHttp;
import io.envhub.contract.http.ProblemException;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * Asks bounty-service's public API whether a bounty exists for everyone (drafts are 404 there) and who sponsors it,
 * when a bounty's discussion is opened; the sponsor is then kept with the thread.
 */
@ApplicationScoped
public class BountyDirectory {
    private final JsonHttp bounties;

    public BountyDirectory(DiscussionConfig config, ObjectMapper json) {
        this.bounties = new JsonHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build(), json, config.bountyUrl(),
                "envhub-hub-backend/0.1").withTimeout(Duration.ofSeconds(5));
    }

    /** The sponsor's user name of public bounty {@code id}; 404 when there is none, 503 when bounty-service is down. */
    public String sponsorOf(long id) {
        try {
            JsonNode bounty = bounties.get("/api/v1/bounties/" + id);
            return bounty.path("sponsor").asText();
        } catch (ProblemException e) {
            if (e.status() == 404) {
                throw new ApiException.NotFound("Bounty " + id + " does not exist.");
            }
            throw unavailable();
        } catch (IOException e) {
            throw unavailable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable();
        }
    }

    private static ApiException unavailable() {
        return new ApiException.Unavailable(ProblemCode.HUB_UNAVAILABLE, "The bounty service could not be asked about the "
                + "bounty; nothing was recorded. Try again shortly.");
    }
}
