package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.Situation;
import io.envhub.contract.api.EnvironmentSummary;
import io.envhub.contract.api.SearchPage;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub search QUERY}: full-text search over environments. */
@Command(name = "search", mixinStandardHelpOptions = true,
        header = "Search environments.",
        description = "Search environments by text, optionally filtered by tags (all given tags must match).",
        footer = {"", "Examples:", "  envhub search reverse", "  envhub search math --tag single-turn --size 50 --json"})
public final class SearchCommand extends BaseCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "QUERY", description = "Words to look for (default: everything)")
    String query;

    @Option(names = "--tag", paramLabel = "TAG", description = "Only environments with this tag (repeatable)")
    List<String> tags = new ArrayList<>();

    @Option(names = "--page", paramLabel = "N", defaultValue = "1", description = "Result page (default: 1)")
    int page;

    @Option(names = "--size", paramLabel = "N", defaultValue = "20", description = "Results per page (default: 20)")
    int size;

    @Override
    protected int run(CliContext ctx) {
        StringBuilder url = new StringBuilder(ctx.hub().url("api", "v1", "environments")).append("?page=").append(page)
                .append("&size=").append(size);
        if (query != null && !query.isBlank()) {
            url.append("&q=").append(HubClient.encode(query));
        }
        for (String t : tags) {
            url.append("&tag=").append(HubClient.encode(t));
        }
        JsonNode answer = ctx.hub().get(url.toString(), Situation.of("search", null, null, null));
        if (ctx.json()) {
            printJson(ctx, answer);
            return ExitCodes.OK;
        }
        SearchPage res = ctx.hub().read(answer, SearchPage.class);
        List<EnvironmentSummary> items = res.items() == null ? List.of() : res.items();
        if (items.isEmpty()) {
            ctx.out().println("No environments found" + (query == null ? "" : " for '" + query + "'")
                    + (tags.isEmpty() ? "" : " with tags " + tags));
            return ExitCodes.OK;
        }
        for (EnvironmentSummary e : items) {
            String coords = e.owner() + "/" + e.name();
            String version = e.latestVersion() != null ? e.latestVersion() : "-";
            ctx.out().printf("%-40s %-10s ★%-4d ⬇%-6d %s%n", coords, version, e.starCount(), e.downloadCount(),
                    e.summary() != null ? e.summary() : "");
            String label = e.verdict() == null ? null : e.verdict().statusLabel();
            boolean tagged = e.tags() != null && !e.tags().isEmpty();
            if (tagged || label != null) {
                ctx.out().println("    " + (label == null ? "" : "status: " + label + (tagged ? "  " : ""))
                        + (tagged ? "tags: " + String.join(", ", e.tags()) : "")
                        + ("private".equals(e.visibility()) ? "  (private)" : ""));
            }
        }
        long total = res.total();
        ctx.out().println(total + (total == 1 ? " environment" : " environments") + (total > items.size()
                ? " (page " + res.page() + "; --page N for more)" : ""));
        List<String> facets = new ArrayList<>();
        List<SearchPage.TagCount> tagCounts = res.facets() == null || res.facets().tags() == null ? List.of()
                : res.facets().tags();
        for (SearchPage.TagCount f : tagCounts) {
            facets.add(f.tag() + " (" + f.count() + ")");
            if (facets.size() == 10) {
                break;
            }
        }
        if (!facets.isEmpty()) {
            ctx.out().println("tags: " + String.join(", ", facets));
        }
        return ExitCodes.OK;
    }
}
