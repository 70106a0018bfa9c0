package io.envhub.registry.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.evaluation.EvalViews.Rollout;
import io.envhub.registry.evaluation.EvalViews.RolloutPage;
import io.envhub.registry.evaluation.EvalViews.RunDetail;
import io.envhub.registry.evaluation.EvalViews.RunSummary;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.version.VersionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads runs: per version, per environment, per model across the environments the caller may read; rollout pages. */
@ApplicationScoped
public class EvalQueries {
    /** Most runs one list answers (newest first). */
    static final int LIST_LIMIT = 500;

    private final EnvironmentLookup lookup;
    private final VersionService versions;
    private final AccessPolicy access;
    private final ObjectStore store;
    private final ObjectMapper json;
    private final EntityManager em;

    public EvalQueries(EnvironmentLookup lookup, VersionService versions, AccessPolicy access, ObjectStore store,
                       ObjectMapper json, EntityManager em) {
        this.lookup = lookup;
        this.versions = versions;
        this.access = access;
        this.store = store;
        this.json = json;
        this.em = em;
    }

    /** Runs of one version, best reward first (runs an admin hid are left out of every list). */
    @Transactional
    public List<RunSummary> ofVersion(String owner, String name, String version, String provenance) {
        String only = provenance(provenance);
        EnvironmentVersion v = versions.find(owner, name, version).version();
        return summaries(only == null ? EvalRun.list("versionId = ?1 and hiddenAt is null order by rewardMean desc, id", v.id)
                : EvalRun.list("versionId = ?1 and provenance = ?2 and hiddenAt is null order by rewardMean desc, id", v.id, only));
    }

    /** The {@code ?provenance=} filter: null (all), or one of the provenances (400 otherwise). */
    static String provenance(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        if (!List.of(EvalRun.SELF_REPORTED, EvalRun.VERIFIED, EvalRun.HUB_RUN).contains(value)) {
            throw new ApiException.Invalid(io.envhub.contract.ProblemCode.INVALID_REQUEST, "provenance must be "
                    + EvalRun.SELF_REPORTED + ", " + EvalRun.VERIFIED + " or " + EvalRun.HUB_RUN + ".");
        }
        return value;
    }

    /** Runs of every version of an environment (or of one, when {@code version} is given), best reward first. */
    @Transactional
    public List<RunSummary> ofEnvironment(String owner, String name, String version, String provenance) {
        if (version != null && !version.isBlank()) {
            return ofVersion(owner, name, version, provenance);
        }
        String only = provenance(provenance);
        Environment env = lookup.readable(owner, name);
        return summaries((only == null ? EvalRun.find("environmentId = ?1 and hiddenAt is null order by rewardMean desc, id", env.id)
                : EvalRun.find("environmentId = ?1 and provenance = ?2 and hiddenAt is null order by rewardMean desc, id", env.id, only))
                .page(0, LIST_LIMIT).list());
    }

    /** Runs of one model on every environment the caller may read, newest first. */
    @Transactional
    public List<RunSummary> ofModel(String model, String provenance) {
        String only = provenance(provenance);
        AccessPolicy.ReadScope scope = access.readScope();
        String readable = scope.everything() ? "" : scope.privateOwners().isEmpty() ? " and e.visibility = 'public'"
                : " and (e.visibility = 'public' or e.owner.id in ?2)";
        var query = em.createQuery("select r from EvalRun r, Environment e where e.id = r.environmentId and r.model = ?1"
                + " and r.hiddenAt is null" + (only == null ? "" : " and r.provenance = '" + only + "'") // one of three constants
                + readable + " order by r.createdAt desc, r.id desc", EvalRun.class).setParameter(1, model);
        if (!scope.everything() && !scope.privateOwners().isEmpty()) {
            query.setParameter(2, scope.privateOwners());
        }
        return summaries(query.setMaxResults(LIST_LIMIT).getResultList());
    }

    /** One run in full. */
    @Transactional
    public RunDetail detail(String owner, String name, long id) {
        EvalRun run = run(owner, name, id);
        return new RunDetail(summaries(List.of(run)).get(0), run.resultsSha256, run.resultsBytes, run.pageSize,
                run.pageOffsets.length, tree(run.metadata), run.hiddenAt != null, run.hiddenReason, run.hiddenAt);
    }

    /** Page {@code page} (from 1) of a run's rollouts: one ranged read of the stored results. */
    @Transactional
    public RolloutPage rollouts(String owner, String name, long id, int page) {
        EvalRun run = run(owner, name, id);
        int pages = run.pageOffsets.length;
        if (page < 1 || page > pages) {
            throw new ApiException.NotFound("Run " + id + " has " + pages + " page(s) of rollouts; there is no page " + page + ".");
        }
        long start = run.pageOffsets[page - 1];
        long end = page < pages ? run.pageOffsets[page] : run.resultsBytes;
        List<Rollout> rows = new ArrayList<>();
        long index = (long) (page - 1) * run.pageSize;
        try (InputStream in = store.get(run.resultsKey, start, end - start);
             BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode row = json.readTree(line);
                if (EvalRun.V1.equals(run.format)) {
                    rows.addAll(V1Episodes.rollouts(row, index++));
                    continue;
                }
                rows.add(new Rollout(index++, row.path("example_id"), row.path("prompt"), row.path("completion"),
                        row.has("answer") ? row.get("answer") : null, row.path("reward").asDouble(),
                        row.has("metrics") ? row.get("metrics") : null));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new RolloutPage(run.id, page, pages, run.pageSize, run.numRollouts, rows);
    }

    private EvalRun run(String owner, String name, long id) {
        Environment env = lookup.readable(owner, name);
        return EvalRun.<EvalRun>find("id = ?1 and environmentId = ?2", id, env.id).firstResultOptional()
                .orElseThrow(() -> runNotFound(env, id));
    }

    static ApiException runNotFound(Environment env, long id) {
        return new ApiException.NotFound("Evaluation run " + id + " of " + env.owner.name + "/" + env.name + " does not exist.");
    }

    private List<RunSummary> summaries(List<EvalRun> runs) {
        Map<Long, EnvironmentVersion> versionsById = new HashMap<>();
        Map<Long, String> submitters = new HashMap<>();
        List<RunSummary> out = new ArrayList<>();
        for (EvalRun r : runs) {
            EnvironmentVersion v = versionsById.computeIfAbsent(r.versionId, vid -> em.find(EnvironmentVersion.class, vid));
            String submitter = r.submittedBy == null ? null : submitters.computeIfAbsent(r.submittedBy,
                    sid -> java.util.Optional.ofNullable(em.find(Owner.class, sid)).map(o -> o.name).orElse(null));
            out.add(new RunSummary(r.id, v.environment.owner.name, v.environment.name, v.version, v.yanked, r.model,
                    r.provider, tree(r.samplingArgs), r.numExamples, r.rolloutsPerExample, r.numRollouts, r.rewardMean,
                    r.rewardStd, tree(r.metricMeans), r.passAtK == null ? null : tree(r.passAtK), r.costMicroUsd,
                    r.evalDate, r.durationMs, submitter, r.createdAt, r.provenance, r.format));
        }
        return out;
    }

    private JsonNode tree(String text) {
        try {
            return json.readTree(text == null ? "{}" : text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
