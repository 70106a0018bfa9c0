package io.envhub.registry.page;

import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.EnvironmentPage;
import io.envhub.contract.api.Readme;
import io.envhub.contract.api.VersionSummary;
import io.envhub.format.name.ProjectName;
import io.envhub.registry.download.DownloadService;
import io.envhub.registry.environment.EnvironmentService;
import io.envhub.registry.index.ProjectLookup.Found;
import io.envhub.registry.index.ProjectLookup;
import io.envhub.registry.index.StampedCache;
import io.envhub.registry.model.Environment;
import io.envhub.registry.security.Caller;
import io.envhub.registry.version.VersionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;

/**
 * The environment page's data ({@link EnvironmentPage}). Of a public environment, what only a change of its index stamp
 * (migration V13: any change of its row but the counters, of its versions or of its files, from any instance) can
 * change — the detail but its counters, the README and the versions — is kept in memory per stamp, as the package
 * index keeps its pages: a request reads the stamp in the one indexed lookup that resolves owner and name, and a kept
 * answer is used only while the stamp is unchanged, so a publish, yank, quarantine, validation result, visibility
 * change or delete shows on the next request on every instance. The counters, the caller's star and the downloads
 * chart change without the stamp and are read on every request. Private environments are never kept: they take the
 * full path, with its access check, on every request.
 */
@ApplicationScoped
public class EnvironmentPageService {
    /** Most environments kept (least recently used go first). */
    static final int MAX_ENTRIES = 10_000;

    private final ProjectLookup projects;
    private final EnvironmentService environments;
    private final VersionService versions;
    private final DownloadService downloads;
    private final Caller caller;
    private final EntityManager em;
    private final StampedCache<Kept> kept = new StampedCache<>(MAX_ENTRIES);

    /** What a public environment's page shows that only a new stamp can change. */
    private record Kept(EnvironmentDetail environment, Readme readme, List<VersionSummary> versions) {
    }

    public EnvironmentPageService(ProjectLookup projects, EnvironmentService environments, VersionService versions,
                                  DownloadService downloads, Caller caller, EntityManager em) {
        this.projects = projects;
        this.environments = environments;
        this.versions = versions;
        this.downloads = downloads;
        this.caller = caller;
        this.em = em;
    }

    /** The page data of {@code owner/name} with {@code days} of downloads; 404 as the single calls answer it. */
    @Transactional
    public EnvironmentPage page(String owner, String name, int days) {
        // the stamp is read before anything it covers: an answer is never kept under a stamp newer than its data
        Optional<Found> found = owner == null || owner.isBlank() || !ProjectName.isValid(name) ? Optional.empty()
                : projects.find(owner, ProjectName.normalize(name));
        boolean cacheable = found.isPresent() && Environment.PUBLIC.equals(found.get().env().visibility)
                && found.get().stamp() >= 0;
        if (cacheable) {
            long id = found.get().env().id;
            Optional<Kept> k = kept.get(id, found.get().stamp());
            if (k.isPresent()) {
                caller.owner();   // a signed-in caller's owner row (as the full path resolves it first)
                return new EnvironmentPage(fresh(found.get().env(), k.get().environment()), k.get().readme(), k.get().versions(),
                        downloads.history(id, days));
            }
        }
        EnvironmentDetail env = environments.detail(owner, name);
        EnvironmentPage page = new EnvironmentPage(env, environments.readme(env.owner(), env.name()),
                versions.list(env.owner(), env.name()), downloads.history(env.owner(), env.name(), days));
        if (cacheable && Environment.PUBLIC.equals(env.visibility())) {
            kept.put(found.get().env().id, found.get().stamp(), new Kept(env, page.readme(), page.versions()));
        }
        return page;
    }

    /** The kept detail with the counters (as the lookup read them, in this transaction) and the caller's star now. */
    private EnvironmentDetail fresh(Environment env, EnvironmentDetail detail) {
        Long me = caller.isAnonymous() ? null : caller.ownerId();
        boolean starred = me != null && !em.createNativeQuery("SELECT 1 FROM hub.stars WHERE user_id = ?1 AND environment_id = ?2")
                .setParameter(1, me).setParameter(2, env.id).getResultList().isEmpty();
        return detail.withCounters(env.starCount, env.downloadCount, starred);
    }

    /** How many environments are kept now. */
    int keptEntries() {
        return kept.size();
    }
}
