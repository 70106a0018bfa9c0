package io.envhub.contract.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The api records bind with a plain {@code ObjectMapper} (Java-time module only, no feature switched): the verdict's
 * fields are written at the top level in component order, the JSON reads back into equal records, and names a record
 * does not know (a newer hub) are ignored.
 */
class ApiRecordsTest {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final OffsetDateTime AT = OffsetDateTime.parse("2026-03-04T05:06:07.123Z");
    private static final Verdict FLAGGED = new Verdict("flagged", "verified with 1 flag", true,
            List.of(new Verdict.TrustFlag("reward-hacking", "the empty completion scores 0.90")), null);

    @Test
    void aVersionSummaryCarriesTheVerdictAtTheTopLevelAndReadsBack() throws Exception {
        VersionSummary v = new VersionSummary("1.0.0", false, null, AT, "x-1.0.0-py3-none-any.whl", 1234L,
                "ab", FLAGGED, false, null);
        String json = JSON.writeValueAsString(v);
        assertEquals("{\"version\":\"1.0.0\",\"yanked\":false,\"yankReason\":null,"
                + "\"createdAt\":\"2026-03-04T05:06:07.123Z\",\"filename\":\"x-1.0.0-py3-none-any.whl\",\"size\":1234,"
                + "\"sha256\":\"ab\",\"trustStatus\":\"flagged\",\"statusLabel\":\"verified with 1 flag\","
                + "\"runtimeVerified\":true,\"trustFlags\":[{\"code\":\"reward-hacking\","
                + "\"message\":\"the empty completion scores 0.90\"}],\"statusReason\":null,\"quarantined\":false,"
                + "\"quarantineReason\":null}", json);
        assertEquals(v, JSON.readValue(json, VersionSummary.class));
    }

    @Test
    void oneStatusVocabularyNoInternalStatus() throws Exception {
        String version = JSON.writeValueAsString(new VersionDetail("2.0", false, null, AT, "x.whl", 9L, "cd", null, null,
                List.of(), null, 1, FLAGGED, false, null));
        String environment = JSON.writeValueAsString(new EnvironmentDetail("alice", "rev", null, null, List.of(), null,
                "public", "2.0", 0, 0, false, AT, AT, null, FLAGGED, new EnvironmentDetail.ValidatedVersion("2.0", FLAGGED),
                false, null, List.of(), List.of(), null));
        String listed = JSON.writeValueAsString(new EnvironmentSummary("alice", "rev", null, null, List.of(), "2.0", 0, 0,
                "public", AT, "2.0", AT, null, FLAGGED));
        for (String json : List.of(version, environment, listed)) {
            var fields = new java.util.ArrayList<String>();
            JSON.readTree(json).fieldNames().forEachRemaining(fields::add);
            assertFalse(fields.contains("status"), json);
            assertFalse(fields.contains("latestStatus"), json);
            assertFalse(json.contains(":\"validated\""), "no internal word as a value: " + json);
        }
    }

    @Test
    void aVersionDetailReadsBack() throws Exception {
        VersionDetail d = new VersionDetail("2.0", true, "broken", AT, "x.whl", 9L, "cd", "sum", ">=3.10",
                List.of("numpy"), JSON.readTree("{\"Name\":\"x\"}"), 4,
                new Verdict("failed", "failed", false, List.of(), "runtime.import: no module"), true, "malware");
        assertEquals(d, JSON.readValue(JSON.writeValueAsString(d), VersionDetail.class));
    }

    @Test
    void anEnvironmentWithoutVerdictLeavesItsFieldsOut() throws Exception {
        EnvironmentSummary s = new EnvironmentSummary("alice", "rev", "Rev", null, List.of("math"), null, 0, 0, "public",
                AT, null, null, null, null);
        String json = JSON.writeValueAsString(s);
        assertFalse(json.contains("trustStatus"), json);
        assertFalse(json.contains("statusLabel"), json);
        EnvironmentSummary back = JSON.readValue(json, EnvironmentSummary.class);
        assertEquals("rev", back.name());
        assertNull(back.verdict() == null ? null : back.verdict().statusLabel());
    }

    @Test
    void aSearchPageReadsBack() throws Exception {
        EnvironmentSummary s = new EnvironmentSummary("alice", "rev", "Rev", "one line", List.of("math"), "1.0", 3, 40,
                "public", AT, "1.0", AT, 7L, FLAGGED);
        SearchPage page = new SearchPage(1, 1, 20, List.of(s), new SearchPage.Facets(
                List.of(new SearchPage.TagCount("math", 1)), List.of(), Map.of("flagged", 1L), List.of(), List.of()), false);
        assertEquals(page, JSON.readValue(JSON.writeValueAsString(page), SearchPage.class));
    }

    @Test
    void anEnvironmentDetailReadsBack() throws Exception {
        EnvironmentDetail d = new EnvironmentDetail("alice", "rev", "Rev", "one line", List.of("math"), "MIT", "public",
                "1.1", 3, 40, true, AT, AT, new EnvironmentDetail.Install("pip install x", "envhub install x"),
                new Verdict("failed", "failed", false, List.of(), "why"),
                new EnvironmentDetail.ValidatedVersion("1.0", FLAGGED), false, null,
                List.of(new ProjectLink("Source", "source", "https://example.org/x")), List.of("math"), "manual");
        String json = JSON.writeValueAsString(d);
        assertEquals(d, JSON.readValue(json, EnvironmentDetail.class));
        assertEquals(d.withCounters(5, 41, false), JSON.readValue(json, EnvironmentDetail.class).withCounters(5, 41, false));
        assertEquals(5, d.withCounters(5, 41, false).starCount());
    }

    @Test
    void namesANewerHubAddsAreIgnored() throws Exception {
        String json = "{\"owner\":\"alice\",\"name\":\"rev\",\"starCount\":2,\"brandNew\":{\"x\":[1,2]},"
                + "\"trustStatus\":\"verified\",\"statusLabel\":\"verified\",\"runtimeVerified\":true,"
                + "\"trustFlags\":[{\"code\":\"other\",\"message\":\"m\",\"severity\":\"low\"}],\"anotherNew\":1}";
        EnvironmentSummary s = JSON.readValue(json, EnvironmentSummary.class);
        assertEquals("alice", s.owner());
        assertEquals(2, s.starCount());
        assertEquals("verified", s.verdict().statusLabel());
        assertEquals(List.of(new Verdict.TrustFlag("other", "m")), s.verdict().trustFlags());
        String page = "{\"total\":1,\"items\":[" + json + "],\"facets\":{\"tags\":[{\"tag\":\"a\",\"count\":1,\"x\":0}],"
                + "\"future\":[]},\"next\":\"?page=2\"}";
        SearchPage p = JSON.readValue(page, SearchPage.class);
        assertEquals(s, p.items().get(0));
        assertEquals(List.of(new SearchPage.TagCount("a", 1)), p.facets().tags());
        String detail = "{\"owner\":\"alice\",\"install\":{\"pip\":\"p\",\"uv\":\"u\"},\"validated\":{\"version\":\"1\","
                + "\"trustStatus\":\"verified\",\"extra\":true},\"projectUrls\":[{\"label\":\"l\",\"kind\":\"k\","
                + "\"url\":\"u\",\"icon\":\"i\"}],\"extra\":0}";
        EnvironmentDetail d = JSON.readValue(detail, EnvironmentDetail.class);
        assertEquals("p", d.install().pip());
        assertEquals("verified", d.validated().verdict().trustStatus());
        assertEquals(List.of(new ProjectLink("l", "k", "u")), d.projectUrls());
    }
}
