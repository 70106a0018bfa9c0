package io.envhub.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.CliRun;
import io.envhub.cli.http.CliJson;
import io.envhub.cli.http.FakeServer;
import io.envhub.cli.progress.ProgressBar;
import io.envhub.contract.api.EnvironmentSummary;
import io.envhub.contract.api.SearchPage;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionSummary;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code info}, {@code search} and {@code versions} read the hub's answers as the contract's records: a newer hub's
 * fields the records do not know are ignored, and what the CLI prints is what it printed when it read JSON trees
 * (timestamps as the hub sent them, to the second).
 */
class HubRecordsTest {
    private static final String N = System.lineSeparator();
    private static final String VERSIONS = """
            [{"version":"1.0.0","yanked":true,"yankReason":"old","createdAt":"2026-03-04T05:06:07.123456+02:00",
              "filename":"rev-1.0.0-py3-none-any.whl","size":2048,"sha256":"ab12","trustStatus":"flagged",
              "statusLabel":"verified with 1 flag","runtimeVerified":true,
              "trustFlags":[{"code":"reward-hacking","message":"m","severity":"high"}],"statusReason":null,
              "quarantined":false,"quarantineReason":null,"signedBy":{"key":"k"}},
             {"version":"0.9","yanked":false,"yankReason":null,"createdAt":"2026-01-02T03:04:05Z",
              "filename":null,"size":null,"sha256":null,"trustStatus":"error","statusLabel":"error","runtimeVerified":false,
              "trustFlags":[],"statusReason":"disk full","quarantined":false,"quarantineReason":null}]""";
    private static final String DETAIL = """
            {"owner":"alice","name":"rev","displayName":"Reverse","summary":"Reverses text","tags":["a","b"],"license":"MIT",
             "visibility":"public","latestVersion":"1.1","starCount":3,"downloadCount":40,
             "starredByMe":true,"createdAt":"2026-01-02T03:04:05Z","updatedAt":"2026-01-02T03:04:05Z",
             "install":{"pip":"pip install x","envhub":"envhub install alice/rev","uv":"uv pip install x"},
             "trustStatus":"failed","statusLabel":"failed","runtimeVerified":false,"trustFlags":[],
             "statusReason":"runtime.import: boom","validated":{"version":"1.0","trustStatus":"verified",
             "statusLabel":"verified","runtimeVerified":true,"trustFlags":[],"statusReason":null,"extra":1},
             "unlisted":false,"unlistReason":null,"projectUrls":[{"label":"Source","kind":"source",
             "url":"https://example.org/rev","icon":"git"}],"domains":[],"futureField":[1,2]}""";
    private static final String SUMMARY = """
            {"owner":"alice","name":"rev","displayName":null,"summary":"Reverses","tags":["a"],"latestVersion":"1.1",
             "starCount":3,"downloadCount":40,"visibility":"private","updatedAt":"2026-03-04T05:06:07Z",
             "latestStatus":"validated","validatedVersion":"1.1","validatedAt":null,"downloads7d":null,
             "trustStatus":"verified","statusLabel":"verified","runtimeVerified":true,"trustFlags":[],
             "statusReason":null,"rank":0.5}""";
    private static final String PAGE = "{\"total\":3,\"page\":1,\"size\":1,\"items\":[" + SUMMARY + "],"
            + "\"facets\":{\"tags\":[{\"tag\":\"a\",\"count\":3}],\"tasks\":[],\"statuses\":{\"verified\":3},\"domains\":[],"
            + "\"licenses\":[],\"authors\":[]},\"approximate\":false,\"cursor\":\"next\"}";

    @TempDir
    Path tmp;
    private FakeServer hub;

    @BeforeEach
    void start() throws Exception {
        hub = new FakeServer()
                .on("GET /api/v1/environments/alice/rev/versions", ex -> FakeServer.send(ex, 200, "application/json", VERSIONS))
                .on("GET /api/v1/environments/alice/rev", ex -> FakeServer.send(ex, 200, "application/json", DETAIL))
                .on("GET /api/v1/environments", ex -> FakeServer.send(ex, 200, "application/json", PAGE));
    }

    @AfterEach
    void stop() {
        hub.close();
    }

    private CliRun.Result run(String... args) {
        return CliRun.with().env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString()).env("ENVHUB_URL", hub.url()).run(args);
    }

    @Test
    void theCliMapperIgnoresFieldsANewerHubAdds() throws Exception {
        ObjectMapper json = CliJson.mapper();
        EnvironmentSummary s = json.readValue(SUMMARY, EnvironmentSummary.class);
        assertEquals("alice", s.owner());
        assertEquals(new Verdict("verified", "verified", true, List.of(), null), s.verdict());
        SearchPage page = json.readValue(PAGE, SearchPage.class);
        assertEquals(List.of(s), page.items());
        assertEquals(List.of(new SearchPage.TagCount("a", 3)), page.facets().tags());
        VersionSummary v = json.readValue(json.readTree(VERSIONS).get(0).toString(), VersionSummary.class);
        assertEquals(List.of(new Verdict.TrustFlag("reward-hacking", "m")), v.verdict().trustFlags());
        assertEquals(ZoneOffset.ofHours(2), v.createdAt().getOffset(), "the offset the hub sent is kept");
        assertEquals(5, v.createdAt().getHour());
    }

    @Test
    void versionsPrintsTheListAsBefore() {
        CliRun.Result r = run("versions", "alice/rev");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(String.format("%-14s %-22s %-10s %-20s %s%n", "VERSION", "STATUS", "SIZE", "PUBLISHED", "SHA256")
                + String.format("%-14s %-22s %-10s %-20s %s%n", "1.0.0", "verified with 1 flag", ProgressBar.bytes(2048),
                        "2026-03-04 05:06:07", "ab12")
                + "    yanked: old" + N
                + String.format("%-14s %-22s %-10s %-20s %s%n", "0.9", "error", "-", "2026-01-02 03:04:05", "-")
                + "    disk full" + N, r.out());
        CliRun.Result json = run("versions", "alice/rev", "--json");
        assertTrue(json.out().contains("\"signedBy\""), "--json prints the hub's answer as it came: " + json.out());
    }

    @Test
    void infoPrintsTheEnvironmentAsBefore() {
        CliRun.Result r = run("info", "alice/rev");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("alice/rev  (Reverse)" + N
                + "  Reverses text" + N
                + "  latest:     1.1 (failed)" + N
                + "              runtime.import: boom" + N
                + "  validated:  1.0 (verified)" + N
                + "  visibility: public" + N
                + "  license:    MIT" + N
                + "  tags:       a, b" + N
                + "  stars:      3 (incl. yours)   downloads: 40" + N
                + "  install:    pip install x" + N
                + "              envhub install alice/rev" + N, r.out());
    }

    @Test
    void searchPrintsTheItemsAsBefore() {
        CliRun.Result r = run("search", "rev");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(String.format("%-40s %-10s ★%-4d ⬇%-6d %s%n", "alice/rev", "1.1", 3, 40L, "Reverses")
                + "    status: verified  tags: a  (private)" + N
                + "3 environments (page 1; --page N for more)" + N
                + "tags: a (3)" + N, r.out());
    }

    @Test
    void pullResolvesTheNewestVersionThatIsNotYanked() {
        CliRun.Result r = run("pull", "alice/rev", "-o", tmp.resolve("out").toString());
        // 1.0.0 is yanked: 0.9 is chosen, and it has no wheel
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals("envhub: alice/rev 0.9 has no wheel to download", r.errorLine());
    }
}
