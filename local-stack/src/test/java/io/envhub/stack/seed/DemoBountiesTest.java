package io.envhub.stack.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The demo bounties' catalogue is what the README promises (the API calls run in {@code ./envhub-stack up}). */
class DemoBountiesTest {
    /** bounty-service's domains. */
    private static final Set<String> DOMAINS = Set.of("medicine", "biology", "chemistry", "materials", "physics",
            "mathematics", "legal", "finance", "software", "education", "other");

    @Test
    void fourBountiesInBothTiersAndThreeDomains() throws Exception {
        JsonNode all = DemoBounties.catalogue();
        assertEquals(4, all.size());
        Set<String> tiers = new HashSet<>();
        Set<String> domains = new HashSet<>();
        for (JsonNode b : all) {
            tiers.add(b.path("tier").asText());
            domains.add(b.path("domain").asText());
            assertTrue(DOMAINS.contains(b.path("domain").asText()), b.toString());
            assertTrue(b.path("criteria").size() > 0, b.toString());
            assertTrue(b.path("rewardMinor").asLong() > 0 && b.path("deadlineDays").asInt() > 0, b.toString());
        }
        assertEquals(Set.of("open_access", "application_only"), tiers);
        assertEquals(3, domains.size(), domains.toString());
    }

    @Test
    void theAwardedBountyIsApplicationOnlyAndNamesAPublicDemoVersion() throws Exception {
        List<JsonNode> demos = new ArrayList<>();
        DemoBounties.catalogue().forEach(b -> {
            if (b.has("demo")) {
                demos.add(b);
            }
        });
        assertEquals(1, demos.size());
        JsonNode b = demos.get(0);
        assertEquals("application_only", b.path("tier").asText());
        String ref = b.path("demo").path("submission").asText();
        assertTrue(DemoEnvironments.all().stream().filter(DemoEnvironments.DemoEnvironment::isPublic)
                .anyMatch(e -> e.versionList().stream().anyMatch(v -> ref.equals(e.fullName() + "@" + v))), ref);
        assertEquals(DemoEnvironments.USER, b.path("demo").path("applicant").asText());
    }
}
