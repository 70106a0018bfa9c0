package io.envhub.registry.index;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.util.Optional;

/**
 * Decides when an owner's index may send pip to the upstream index. Never for a name the owner publishes: not when an
 * environment of that name exists (any visibility, any version status, even with no version left) and not when a
 * version of it was ever published and deleted (its versions stay burned). So nobody outside can shadow a hub
 * environment through the fallback (no dependency confusion); every other name of an existing owner redirects to
 * {@code <upstream>/<normalized-name>/}.
 */
@ApplicationScoped
public class UpstreamFallback {
    private static final String OWNED = """
            select (exists (select 1 from hub.environments e where e.owner_id = o.id and e.name = :name)
                 or exists (select 1 from hub.used_versions u where u.owner_id = o.id and u.project = :name))
            from hub.owners o where lower(o.name) = lower(:owner)""";

    private final EntityManager em;
    private final IndexConfig config;

    public UpstreamFallback(EntityManager em, IndexConfig config) {
        this.em = em;
        this.config = config;
    }

    /**
     * The upstream page for a name, when the fallback is on, the owner exists and does not publish that name.
     *
     * @param ownerName owner as in the URL
     * @param normalizedName PEP 503 normalized project name
     * @return the absolute upstream URL, or empty (the hub answers itself)
     */
    public Optional<String> pageFor(String ownerName, String normalizedName) {
        Optional<String> base = config.upstreamBase();
        if (base.isEmpty()) {
            return Optional.empty();
        }
        var owned = em.createNativeQuery(OWNED).setParameter("owner", ownerName).setParameter("name", normalizedName)
                .getResultList();
        if (owned.isEmpty() || Boolean.TRUE.equals(owned.get(0))) {
            return Optional.empty();
        }
        return Optional.of(base.get() + IndexUrls.segment(normalizedName) + "/");
    }
}
