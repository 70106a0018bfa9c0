package io.envhub.cli.commands;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.bounty.BountyText;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.Situation;
import io.envhub.contract.BountySort;
import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.BountyPage;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.format.pyproject.PyProject;
import io.envhub.format.pyproject.PyProjectException;
import io.envhub.format.pyproject.PyProjectReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub bounty list|show|apply|submit|status}: the bounty board, applying, submitting, following up. */
@Command(name = "bounty", mixinStandardHelpOptions = true,
        header = "Find bounties, apply, submit environments and follow your submissions.",
        description = {"Talks to bounty-service (--bounty-url, env ENVHUB_BOUNTY_URL, default " + BountyCommand.DEFAULT_URL
            + ") with your `envhub login` session. Applying and submitting need a device login: personal access tokens"
            + " work only on the hub."},
        subcommands = {BountyCommand.ListBounties.class, BountyCommand.Show.class, BountyCommand.Apply.class,
            BountyCommand.Submit.class, BountyCommand.Status.class},
        footer = {"", "Example:", "  envhub bounty list --domain medicine --tier open_access"})
public final class BountyCommand extends BaseCommand {
    /** bounty-service's local default. */
    public static final String DEFAULT_URL = "http://127.0.0.1:8082";
    /** Longest proposal bounty-service takes. */
    static final int MAX_PROPOSAL_BYTES = 10 * 1024;
    /** How every personal access token starts. */
    static final String PERSONAL_TOKEN_PREFIX = "envhub_";

    @Override
    protected int run(CliContext ctx) {
        spec.commandLine().usage(ctx.out());
        return ExitCodes.USAGE;
    }

    /** The {@code --bounty-url} option every bounty command has. */
    public static final class Target {
        @Option(names = "--bounty-url", paramLabel = "URL",
                description = "bounty-service base URL (env ENVHUB_BOUNTY_URL; default " + DEFAULT_URL + ")")
        String url;

        /** The base URL: the option, else ENVHUB_BOUNTY_URL, else the local default; without a trailing slash. */
        String base(CliContext ctx) {
            String v = url != null && !url.isBlank() ? url : ctx.env().get("ENVHUB_BOUNTY_URL");
            String base = v == null || v.isBlank() ? DEFAULT_URL : v.strip();
            while (base.endsWith("/")) {
                base = base.substring(0, base.length() - 1);
            }
            return base;
        }

        /**
         * A client of bounty-service with the session's Keycloak login. A personal access token is never sent there
         * (bounty-service accepts Keycloak access tokens only): with one, reading the board works anonymously, and
         * acting as yourself asks for {@code envhub login}.
         */
        HubClient client(CliContext ctx) {
            HubClient.Auth session = ctx.session();
            HubClient.Auth login = new HubClient.Auth() {
                @Override
                public Optional<String> authorization() {
                    return session.authorization().filter(header -> !header.startsWith("Bearer " + PERSONAL_TOKEN_PREFIX));
                }

                @Override
                public boolean refreshAfterUnauthorized() {
                    return authorization().isPresent() && session.refreshAfterUnauthorized();
                }
            };
            return new HubClient(base(ctx), ctx.http(), ctx.mapper(), login);
        }

        /** Refuses an action that needs the caller's identity when only a personal access token is at hand. */
        void requireLogin(CliContext ctx) {
            if (ctx.session().authorization().map(h -> h.startsWith("Bearer " + PERSONAL_TOKEN_PREFIX)).orElse(false)) {
                throw new CliException(ExitCodes.NETWORK_OR_AUTH, "bounty commands act as you through a Keycloak login; "
                        + "personal access tokens work only on the hub — run `envhub login` (device login)");
            }
        }
    }

    /** {@code envhub bounty list}. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "The open bounties (newest first).",
            footer = {"", "Examples:", "  envhub bounty list", "  envhub bounty list --domain legal --tier application_only --json"})
    public static final class ListBounties extends BaseCommand {
        @Mixin
        Target target;

        @Option(names = "--domain", paramLabel = "D", description = "Only this domain (medicine, legal, finance, ...)")
        String domain;

        @Option(names = "--tier", paramLabel = "T", description = "open_access or application_only")
        String tier;

        @Option(names = "--status", paramLabel = "S", defaultValue = "open",
                description = "open (default), closed, awarded, cancelled")
        String status;

        @Option(names = "--sort", paramLabel = "S", description = "newest, deadline or reward")
        String sort = BountySort.DEFAULT.wire();

        @Override
        protected int run(CliContext ctx) {
            if (tier != null && !List.of("open_access", "application_only").contains(tier)) {
                throw new CliException(ExitCodes.USAGE, "--tier must be open_access or application_only, not '" + tier + "'");
            }
            HubClient api = target.client(ctx);
            StringBuilder url = new StringBuilder(api.url("api", "v1", "bounties")).append("?size=100&status=")
                    .append(HubClient.encode(status)).append("&sort=").append(HubClient.encode(sort));
            if (domain != null) {
                url.append("&domain=").append(HubClient.encode(domain));
            }
            if (tier != null) {
                url.append("&tier=").append(tier);
            }
            JsonNode page = api.get(url.toString(), Situation.of("bounty list", null, null, null));
            if (ctx.json()) {
                printJson(ctx, page);
            } else {
                BountyText.list(read(ctx, page, BountyPage.class), Instant.now()).forEach(ctx.out()::println);
            }
            return ExitCodes.OK;
        }
    }

    /** {@code envhub bounty show ID}. */
    @Command(name = "show", mixinStandardHelpOptions = true, description = "One bounty: terms, criteria, awards.",
            footer = {"", "Example:", "  envhub bounty show 12"})
    public static final class Show extends BaseCommand {
        @Mixin
        Target target;

        @Parameters(index = "0", paramLabel = "ID", description = "The bounty's id (see `envhub bounty list`)")
        long id;

        @Override
        protected int run(CliContext ctx) {
            HubClient api = target.client(ctx);
            JsonNode b = api.get(api.url("api", "v1", "bounties", Long.toString(id)), Situation.of("bounty show", null, null, null));
            if (ctx.json()) {
                printJson(ctx, b);
            } else {
                BountyText.show(read(ctx, b, Bounty.class), Instant.now()).forEach(ctx.out()::println);
            }
            return ExitCodes.OK;
        }
    }

    /** {@code envhub bounty apply ID --proposal FILE}. */
    @Command(name = "apply", mixinStandardHelpOptions = true,
            description = "Apply to an application-only bounty with a proposal (Markdown, at most 10 KB).",
            footer = {"", "Example:", "  envhub bounty apply 12 --proposal proposal.md"})
    public static final class Apply extends BaseCommand {
        @Mixin
        Target target;

        @Parameters(index = "0", paramLabel = "ID", description = "The bounty's id")
        long id;

        @Option(names = "--proposal", required = true, paramLabel = "FILE", description = "Your proposal (Markdown); - reads stdin")
        String proposal;

        @Override
        protected int run(CliContext ctx) throws IOException {
            String text = readProposal(ctx, proposal);
            TokenCommand.requireSignedIn(ctx);
            target.requireLogin(ctx);
            HubClient api = target.client(ctx);
            JsonNode a = api.post(api.url("api", "v1", "bounties", Long.toString(id), "applications"),
                    Map.of("proposal", text), Situation.of("bounty apply", null, null, null));
            if (ctx.json()) {
                printJson(ctx, a);
            } else {
                ctx.out().println("Applied to bounty " + id + " (application " + read(ctx, a, Application.class).id() + ", "
                        + read(ctx, a, Application.class).status() + "). `envhub bounty status` shows the sponsor's decision.");
            }
            return ExitCodes.OK;
        }
    }

    /** {@code envhub bounty submit ID [OWNER/]NAME@VERSION}. */
    @Command(name = "submit", mixinStandardHelpOptions = true,
            description = {"Submit a validated environment version to a bounty. Without a reference: the project in the",
                "current directory (its name and version in pyproject.toml, pushed under your name)."},
            footer = {"", "Examples:", "  envhub bounty submit 12", "  envhub bounty submit 12 my-org/reverse-text@0.2.0"})
    public static final class Submit extends BaseCommand {
        @Mixin
        Target target;

        @Parameters(index = "0", paramLabel = "ID", description = "The bounty's id")
        long id;

        @Parameters(index = "1", arity = "0..1", paramLabel = "[OWNER/]NAME@VERSION",
                description = "The version to submit (default: the project in the current directory)")
        String reference;

        @Option(names = "--dir", paramLabel = "DIR", defaultValue = ".", description = "Project directory (default: .)")
        Path dir;

        @Override
        protected int run(CliContext ctx) {
            TokenCommand.requireSignedIn(ctx);
            Ref ref = resolve(ctx, reference, dir);
            target.requireLogin(ctx);
            HubClient api = target.client(ctx);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("environment", ref.coordinates());
            body.put("version", ref.version());
            JsonNode s = api.post(api.url("api", "v1", "bounties", Long.toString(id), "submissions"), body,
                    Situation.of("bounty submit", ref.owner(), ref.name(), ref.version()));
            if (ctx.json()) {
                printJson(ctx, s);
            } else {
                ctx.out().println("Submitted " + ref + " to bounty " + id + " (submission " + read(ctx, s, Submission.class).id() + ", "
                        + read(ctx, s, Submission.class).status() + "). `envhub bounty status` shows the review.");
            }
            return ExitCodes.OK;
        }
    }

    /** {@code envhub bounty status}. */
    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Your applications and submissions, with their state and the reviewers' comments.",
            footer = {"", "Example:", "  envhub bounty status --json"})
    public static final class Status extends BaseCommand {
        @Mixin
        Target target;

        @Override
        protected int run(CliContext ctx) {
            TokenCommand.requireSignedIn(ctx);
            target.requireLogin(ctx);
            HubClient api = target.client(ctx);
            Situation situation = Situation.of("bounty status", null, null, null);
            JsonNode apps = api.get(api.url("api", "v1", "bounties", "me", "applications"), situation);
            JsonNode subs = api.get(api.url("api", "v1", "bounties", "me", "submissions"), situation);
            if (ctx.json()) {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("applications", apps);
                out.put("submissions", subs);
                printJson(ctx, out);
            } else {
                BountyText.status(List.of(read(ctx, apps, Application[].class)),
                        List.of(read(ctx, subs, Submission[].class))).forEach(ctx.out()::println);
            }
            return ExitCodes.OK;
        }
    }

    /**
     * The version to submit: {@code OWNER/NAME@VERSION} as given, {@code NAME@VERSION} under the signed-in user, or
     * the project in {@code dir} (its pyproject name and version, under the signed-in user).
     */
    static Ref resolve(CliContext ctx, String reference, Path dir) {
        if (reference != null && reference.contains("/")) {
            Ref ref = Ref.parse(reference, true);
            if (ref.version() == null) {
                throw new CliException(ExitCodes.USAGE, "'" + reference + "': give the version to submit, e.g. "
                        + ref.coordinates() + "@0.1.0");
            }
            return ref;
        }
        if (reference != null) {
            Ref ref = Ref.parse(me(ctx) + "/" + reference, true);
            if (ref.version() == null) {
                throw new CliException(ExitCodes.USAGE, "'" + reference + "': give NAME@VERSION, e.g. " + reference + "@0.1.0");
            }
            return ref;
        }
        Path file = dir.resolve("pyproject.toml");
        if (!Files.isRegularFile(file)) {
            throw new CliException(ExitCodes.LOCAL, dir.toAbsolutePath().normalize() + " has no pyproject.toml — "
                    + "run this in the project you pushed, or name the version: envhub bounty submit ID OWNER/NAME@VERSION");
        }
        PyProject p;
        try {
            p = PyProjectReader.read(file);
        } catch (PyProjectException e) {
            throw new CliException(ExitCodes.LOCAL, "pyproject.toml: " + e.getMessage());
        }
        return new Ref(me(ctx), p.name().normalized(), p.version().toString());
    }

    private static String me(CliContext ctx) {
        JsonNode me = ctx.hub().get(ctx.hub().url("api", "v1", "me"), Situation.of("bounty submit", null, null, null));
        String name = me.path("username").asText(null);
        if (name == null) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "the hub did not say who you are — give OWNER/NAME@VERSION");
        }
        return name;
    }

    /** bounty-service's answer read into the contract's record for it (the {@code --json} output stays the answer). */
    private static <T> T read(CliContext ctx, JsonNode answer, Class<T> type) {
        try {
            return ctx.mapper().treeToValue(answer, type);
        } catch (JsonProcessingException e) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "bounty-service answered something unreadable: "
                    + e.getOriginalMessage());
        }
    }

    static String readProposal(CliContext ctx, String source) throws IOException {
        byte[] bytes;
        if ("-".equals(source)) {
            bytes = ctx.in().readNBytes(MAX_PROPOSAL_BYTES + 1);
        } else {
            Path p = Path.of(source);
            if (!Files.isRegularFile(p)) {
                throw new CliException(ExitCodes.LOCAL, "no proposal file at " + p);
            }
            if (Files.size(p) > MAX_PROPOSAL_BYTES) {
                throw new CliException(ExitCodes.LOCAL, p + " is " + Files.size(p) + " bytes; a proposal may have at most 10 KB");
            }
            bytes = Files.readAllBytes(p);
        }
        if (bytes.length > MAX_PROPOSAL_BYTES) {
            throw new CliException(ExitCodes.LOCAL, "the proposal may have at most 10 KB");
        }
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) {
            throw new CliException(ExitCodes.LOCAL, "the proposal is empty");
        }
        return text;
    }
}
