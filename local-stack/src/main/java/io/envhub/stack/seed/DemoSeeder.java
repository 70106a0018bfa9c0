package io.envhub.stack.seed;

import io.envhub.contract.TrustStatus;
import io.envhub.stack.seed.DemoEnvironments.DemoEnvironment;
import io.envhub.stack.seed.DemoEnvironments.DemoWheel;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.TreeMap;

/**
 * Seeds a running hub with the {@link DemoEnvironments} through the real public API: alice creates the
 * {@value DemoEnvironments#ORG} organisation and pushes every version, the real validator validates them (waited for,
 * bounded), sam and ada star some, a few downloads go through the download endpoint, and finally
 * {@link DemoDownloadHistory} backdates daily counts (demo data). Safe to run again: what exists is left as it is.
 */
public final class DemoSeeder {
    /** Stars given by each demo user (environment names). */
    static final Map<String, List<String>> STARS = Map.of(
            "sam", List.of("reverse-text", "arith-chain", "unit-convert-tools", "regex-golf"),
            "ada", List.of("reverse-text", "word-ladder", "json-extract", "unit-convert-tools", "arith-chain"));
    /** Downloads made through the API per public environment (in catalogue order). */
    static final int[] DOWNLOADS = {5, 4, 3, 3, 2, 2};

    /** A verdict ({@code trustStatus}) that validation has ended with. */
    private static final Predicate<String> DONE = s -> TrustStatus.find(s).filter(t -> t != TrustStatus.VALIDATING).isPresent();
    /** A verdict that passed validation (verified, flagged, static checks only). */
    private static final Predicate<String> PASSED = s -> TrustStatus.find(s).map(TrustStatus::passed).orElse(false);

    private final SeedClient api;
    private final DemoDownloadHistory history;
    private final Duration validationTimeout;
    private final PrintStream out;

    /** What was seeded. */
    public record Result(int environments, int versionsPushed, int validated, int pending, int stars, int downloads,
                         int historyRows) {
    }

    public DemoSeeder(String hubUrl, String keycloakUrl, String jdbcUrl, String dbUser, String dbPassword,
                      Duration validationTimeout, PrintStream out) {
        this.api = new SeedClient(hubUrl, keycloakUrl);
        this.history = new DemoDownloadHistory(jdbcUrl, dbUser, dbPassword);
        this.validationTimeout = validationTimeout;
        this.out = out;
    }

    /** Runs every step; throws on the first failure (the caller prints one line and carries on). */
    public Result run() throws Exception {
        List<DemoEnvironment> envs = DemoEnvironments.all();
        String alice = api.token(DemoEnvironments.USER);
        createOrg(alice);
        int pushed = 0;
        for (DemoEnvironment env : envs) {
            pushed += push(alice, env);
        }
        Map<String, String> statuses = awaitValidation(alice, envs);
        int stars = star();
        int downloads = download(envs);
        int rows = history.backfill(envs);
        int validated = (int) statuses.values().stream().filter(PASSED).count();
        int pending = (int) statuses.values().stream().filter(DONE.negate()).count();
        Result r = new Result(envs.size(), pushed, validated, pending, stars, downloads, rows);
        print(envs, statuses, r);
        return r;
    }

    private void createOrg(String token) throws Exception {
        SeedClient.Answer a = api.createOrg(token, DemoEnvironments.ORG, "EnvHub demo");
        if (a.status() != 201 && a.status() != 409) {
            throw new IllegalStateException("creating organisation " + DemoEnvironments.ORG + " answered HTTP "
                    + a.status() + ": " + a.reason());
        }
        out.println("seed: organisation " + DemoEnvironments.ORG + (a.status() == 201 ? " created" : " already exists")
                + " (owner " + DemoEnvironments.USER + ")");
    }

    private int push(String token, DemoEnvironment env) throws Exception {
        int pushed = 0;
        for (String version : env.versionList()) {
            DemoWheel wheel = DemoEnvironments.wheel(env, version);
            SeedClient.Answer a = api.push(token, env.owner(), env.name(), wheel.filename(), wheel.bytes(), env.visibility());
            if (a.status() == 201) {
                pushed++;
            } else if (a.status() != 409) {
                throw new IllegalStateException("pushing " + env.fullName() + " " + version + " answered HTTP " + a.status()
                        + ": " + a.reason());
            }
        }
        out.println("seed: pushed " + env.fullName() + " " + String.join(", ", env.versionList())
                + (env.isPublic() ? "" : " (private)"));
        return pushed;
    }

    /** Polls the versions of every demo environment until all are done or the timeout passes; key owner/name@version. */
    private Map<String, String> awaitValidation(String token, List<DemoEnvironment> envs) throws Exception {
        long started = System.nanoTime();
        long deadline = started + validationTimeout.toNanos();
        long nextReport = 0;
        Map<String, String> statuses = new LinkedHashMap<>();
        while (true) {
            statuses.clear();
            for (DemoEnvironment env : envs) {
                api.versionStatuses(token, env.owner(), env.name())
                        .forEach((v, s) -> statuses.put(env.fullName() + "@" + v, s));
            }
            long done = statuses.values().stream().filter(DONE).count();
            long now = System.nanoTime();
            boolean finished = done == statuses.size();
            if (finished || now > deadline || now >= nextReport) {
                out.println("seed: validation " + done + "/" + statuses.size() + " versions done ("
                        + statuses.values().stream().filter(PASSED).count() + " validated) after "
                        + Duration.ofNanos(now - started).toSeconds() + " s");
                nextReport = now + Duration.ofSeconds(15).toNanos();
            }
            if (finished) {
                return statuses;
            }
            if (now > deadline) {
                out.println("seed: still validating after " + validationTimeout.toSeconds()
                        + " s; the validator finishes them in the background");
                return statuses;
            }
            Thread.sleep(2_000);
        }
    }

    private int star() throws Exception {
        Map<String, String> owners = new LinkedHashMap<>();
        DemoEnvironments.all().forEach(e -> owners.put(e.name(), e.owner()));
        int stars = 0;
        for (Map.Entry<String, List<String>> entry : new TreeMap<>(STARS).entrySet()) {
            String token = api.token(entry.getKey());
            for (String name : entry.getValue()) {
                SeedClient.Answer a = api.star(token, owners.get(name), name);
                if (a.status() / 100 != 2) {
                    throw new IllegalStateException(entry.getKey() + " starring " + name + " answered HTTP " + a.status()
                            + ": " + a.reason());
                }
                stars++;
            }
        }
        out.println("seed: " + stars + " stars from sam and ada");
        return stars;
    }

    private int download(List<DemoEnvironment> envs) throws Exception {
        int count = 0;
        int i = 0;
        for (DemoEnvironment env : envs) {
            if (!env.isPublic()) {
                continue;
            }
            int times = i < DOWNLOADS.length ? DOWNLOADS[i] : 1;
            i++;
            for (int k = 0; k < times; k++) {
                SeedClient.Answer a = api.download(env.owner(), env.name(), env.latest());
                if (a.status() != 302 && a.status() != 307 && a.status() != 303) {
                    throw new IllegalStateException("downloading " + env.fullName() + " " + env.latest() + " answered HTTP "
                            + a.status() + ": " + a.reason());
                }
                count++;
            }
        }
        out.println("seed: " + count + " downloads through the API");
        return count;
    }

    private void print(List<DemoEnvironment> envs, Map<String, String> statuses, Result r) {
        out.println("seed: demo download history (backdated, demo data): " + r.historyRows() + " daily rows");
        out.println("seeded " + r.environments() + " demo environments (" + r.versionsPushed() + " versions pushed now; "
                + r.validated() + " validated, " + r.pending() + " still validating):");
        for (DemoEnvironment env : envs) {
            StringBuilder line = new StringBuilder(String.format("  %-32s", env.fullName()));
            for (String v : env.versionList()) {
                line.append(' ').append(v).append('=').append(statuses.getOrDefault(env.fullName() + "@" + v, "?"));
            }
            line.append(env.isPublic() ? "" : "  (private)").append("  [").append(String.join(", ", env.tags())).append(']');
            out.println(line);
        }
    }
}
