package io.envhub.validator.deps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Resolves a wheel's {@code Requires-Dist} through the owner's index on the hub (which falls back upstream) before
 * the sandbox run: pip runs OUTSIDE the sandbox, but only resolves ({@code install --dry-run --report}) with
 * {@code --only-binary :all:} and {@code --isolated}, so it reads wheel metadata and never builds or runs package code.
 * The chosen wheels are fetched into the shared {@link WheelCache} (hash checked) and linked into the job's directory,
 * from which the sandbox installs offline. When a requirement has no wheel, each requirement is resolved on its own to
 * name every missing one, not only the first.
 */
public final class DependencyResolver {
    private static final Logger LOG = Logger.getLogger(DependencyResolver.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern NOT_FOUND = Pattern.compile("No matching distribution found for (\\S+)");
    private static final Pattern NAME = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._-]*");
    /** pip's (-vv) line for an index page it could not get: the host it tried and why. */
    private static final Pattern NOT_FETCHED = Pattern.compile("Could not fetch URL (\\S+?): (.*?) - skipping");
    private static final Pattern POOL_HOST = Pattern.compile("host='([^']+)', port=(\\d+)");
    private static final Pattern CAUSE = Pattern.compile("(Failed to establish a new connection: [^')]+|Read timed out|"
            + "Connection refused|Name or service not known|Temporary failure in name resolution|\\d{3} [A-Za-z ]*Error)");
    /** A PEP 508 requirement by name (extras, version specifiers, markers); no option, file, URL or direct reference. */
    private static final Pattern BY_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*\\s*(\\[[A-Za-z0-9._,\\s-]*])?[^@/\\\\\\n\\r]*");

    private final DependencySettings settings;
    private final WheelCache cache;

    /**
     * Creates a resolver.
     *
     * @param settings index, cache and limits
     */
    public DependencyResolver(DependencySettings settings) {
        this.settings = settings;
        this.cache = new WheelCache(settings.cacheDir(), settings.cacheMaxBytes(), Duration.ofSeconds(settings.timeoutSeconds()));
    }

    /** The settings. */
    public DependencySettings settings() {
        return settings;
    }

    /**
     * Resolves requirements for one owner into a job directory.
     *
     * @param requirements the wheel's Requires-Dist lines (markers and extras evaluated by pip)
     * @param owner the job's owner (whose index is used)
     * @param target directory the wheels are placed in (world-readable, bound read-only into the sandbox)
     * @param work scratch directory (not bound into the sandbox)
     * @return the wheels, or every missing requirement
     * @throws UncheckedIOException when pip cannot run or a download fails (an infrastructure fault)
     */
    public Resolution resolve(List<String> requirements, String owner, Path target, Path work) {
        if (requirements.isEmpty()) {
            return new Resolution(List.of(), List.of(), null);
        }
        String index = settings.indexFor(owner);
        List<String> refused = requirements.stream().filter(r -> !byName(r)).toList();
        if (!refused.isEmpty()) {
            LOG.infof("requirements that are not plain names, left unresolved: %s", refused);
            return new Resolution(List.of(), List.of(), "only requirements by name are resolved, not "
                    + String.join(", ", refused.stream().map(String::strip).toList()));
        }
        try {
            Path report = work.resolve("pip-report.json");
            Pip all = pip(index, requirements, report, work);
            if (all.exit() == 0) {
                List<Path> wheels = fetch(JSON.readTree(report.toFile()), target);
                LOG.infof("resolved %d dependency wheels for %s from %s", wheels.size(), requirements, index);
                return new Resolution(wheels, List.of(), null);
            }
            String unreachable = unreachable(all.output());
            if (unreachable != null) {
                LOG.infof("dependencies of %s not resolved: %s", requirements, unreachable);
                return new Resolution(List.of(), List.of(), unreachable);
            }
            Set<String> missing = new LinkedHashSet<>();
            if (requirements.size() == 1) {
                missing.addAll(missingIn(all.output(), requirements.get(0)));
            } else {
                for (String requirement : requirements) {
                    Pip one = pip(index, List.of(requirement), work.resolve("pip-report-one.json"), work);
                    if (one.exit() != 0) {
                        missing.addAll(missingIn(one.output(), requirement));
                    }
                }
            }
            if (missing.isEmpty()) {
                return new Resolution(List.of(), List.of(), errors(all.output()));
            }
            LOG.infof("dependencies without a wheel from %s: %s", index, missing);
            return new Resolution(List.of(), new ArrayList<>(missing), null);
        } catch (IOException e) {
            throw new UncheckedIOException("resolving dependencies through " + index + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Whether a requirement names a project (what pip may resolve from the index): not a pip option ({@code --index-url},
     * {@code -r}, {@code -e}) and not a direct reference ({@code name @ https://...}, a path), which could bring another
     * index or an sdist to build outside the sandbox.
     */
    static boolean byName(String requirement) {
        String r = requirement.strip();
        return !r.isEmpty() && !r.contains("://") && !r.contains(" -") && !r.contains("--") && BY_NAME.matcher(r).matches();
    }

    /**
     * When pip could not get an index page (the host, or the upstream it redirects to, refused, timed out or answered
     * 5xx), "no matching distribution" says nothing about the package: names the host and asks to retry later.
     *
     * @return the problem, or null when every index page was read
     */
    static String unreachable(String output) {
        Matcher m = NOT_FETCHED.matcher(output);
        String detail = null;
        while (m.find()) {
            String d = m.group(2);
            // a 404 is an answer (the project is not there); a refused connection, a timeout or a 5xx is not
            if (d.startsWith("connection error") || d.contains("timed out") || d.matches("^5\\d\\d .*")) {
                detail = d;
                break;
            }
        }
        if (detail == null) {
            return null;
        }
        Matcher pool = POOL_HOST.matcher(detail);
        String host;
        if (pool.find()) {
            host = pool.group(1) + ":" + pool.group(2);
        } else {
            Matcher url = Pattern.compile("for url: https?://([^/\\s]+)").matcher(detail);
            host = url.find() ? url.group(1) : hostOf(m.group(1));
        }
        Matcher cause = CAUSE.matcher(detail);
        String why = cause.find() ? cause.group(1).strip() : "no answer";
        return "the package index host " + host + " could not be reached (" + why + "); this is not a fault of the"
                + " package, retry later";
    }

    private static String hostOf(String url) {
        try {
            URI u = URI.create(url);
            return u.getPort() < 0 ? u.getHost() : u.getHost() + ":" + u.getPort();
        } catch (IllegalArgumentException e) {
            return "of the index";
        }
    }

    /** Names the missing distribution; for a dependency of a dependency, says which requirement needs it. */
    private static List<String> missingIn(String output, String requirement) {
        Matcher m = NOT_FOUND.matcher(output);
        if (!m.find()) {
            return List.of();
        }
        String found = m.group(1);
        if (name(found).equalsIgnoreCase(name(requirement))) {
            return List.of(requirement.strip());
        }
        return List.of(found + " (needed by " + requirement.strip() + ")");
    }

    private static String name(String requirement) {
        Matcher n = NAME.matcher(requirement.strip());
        return n.find() ? n.group().replaceAll("[-_.]+", "-") : requirement;
    }

    private List<Path> fetch(JsonNode report, Path target) throws IOException {
        List<Path> out = new ArrayList<>();
        for (JsonNode item : report.path("install")) {
            JsonNode info = item.path("download_info");
            String url = info.path("url").asText();
            String path = URI.create(url).getPath();
            String filename = java.net.URLDecoder.decode(path.substring(path.lastIndexOf('/') + 1), StandardCharsets.UTF_8);
            String sha256 = info.path("archive_info").path("hashes").path("sha256").asText(null);
            String hash = info.path("archive_info").path("hash").asText("");
            if (sha256 == null && hash.startsWith("sha256=")) {
                sha256 = hash.substring("sha256=".length());
            }
            out.add(WheelCache.place(cache.get(url, filename, sha256), target));
        }
        return out;
    }

    private record Pip(int exit, String output) {
    }

    private Pip pip(String index, List<String> requirements, Path report, Path work) throws IOException {
        Path reqs = Files.createTempFile(work, "requirements-", ".txt");
        Path log = Files.createTempFile(work, "pip-", ".log");
        try {
            Files.writeString(reqs, String.join("\n", requirements) + "\n");
            List<String> cmd = new ArrayList<>(List.of(settings.python(), "-I", "-m", "pip", "install", "--dry-run",
                    "--ignore-installed", "--only-binary", ":all:", "--isolated", "--no-cache-dir", "--disable-pip-version-check",
                    "--no-input", "--progress-bar", "off", "-vv", "--retries", "1", "--timeout", "15", "--index-url", index));
            // --report also keeps Debian's pip from refusing to run for an "externally managed" interpreter (PEP 668):
            // nothing is installed
            cmd.addAll(List.of("--report", report.toString()));
            cmd.addAll(List.of("-r", reqs.toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                    .directory(work.toFile());
            pb.environment().put("PIP_CONFIG_FILE", "/dev/null");
            Process p = pb.start();
            if (!p.waitFor(settings.timeoutSeconds(), TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                return new Pip(-1, "resolution took longer than " + settings.timeoutSeconds() + " s");
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (output.contains("externally-managed-environment")) {
                throw new IOException(settings.python() + " refuses pip (PEP 668 externally managed): " + errors(output));
            }
            return new Pip(p.exitValue(), output);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while resolving dependencies", e);
        } finally {
            Files.deleteIfExists(reqs);
            Files.deleteIfExists(log);
        }
    }

    private static String errors(String output) {
        List<String> lines;
        try (Stream<String> s = output.lines()) {
            lines = s.filter(l -> l.startsWith("ERROR:")).map(String::strip).toList();
        }
        String text = lines.isEmpty() ? output.strip() : String.join(" ", lines);
        return text.length() > 600 ? text.substring(0, 600) + "..." : text;
    }
}
