package io.envhub.registry.install;

import io.envhub.contract.api.HubInstall;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.RegistryConfig;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.gate.GateGuard;
import io.envhub.registry.index.IndexUrls;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.moderation.Quarantined;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.version.LatestVersion;
import io.envhub.registry.version.VersionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Locale;

/**
 * Resolves {@code owner/name@version} (or {@code @latest}) to what installs it from the package index, under the index's
 * rules: only validated versions are served; {@code latest} is what pip would pick (the newest validated, non-yanked,
 * non-quarantined version, final releases first); a yanked version resolves only when named; anything the caller may
 * not read (unknown, private, unlisted) is a 404 indistinguishable from a missing one; a quarantined version is 451 and
 * a gated environment's files need access, as for every download.
 */
@ApplicationScoped
public class InstallService {
    /** The version text that asks for the newest installable version. */
    public static final String LATEST = "latest";

    private final EnvironmentLookup lookup;
    private final VersionService versions;
    private final AccessPolicy access;
    private final GateGuard gate;
    private final String publicUrl;

    public InstallService(EnvironmentLookup lookup, VersionService versions, AccessPolicy access, GateGuard gate,
                          RegistryConfig config) {
        this.lookup = lookup;
        this.versions = versions;
        this.access = access;
        this.gate = gate;
        this.publicUrl = config.publicUrl().replaceAll("/+$", "");
    }

    /** The install details of {@code owner/name} at {@code version} ({@link #LATEST} for the newest installable one). */
    @Transactional
    public HubInstall resolve(String owner, String name, String version) {
        Environment env = lookup.readable(owner, name);
        String coordinates = env.owner.name + "/" + env.name;
        if (env.unlistedAt != null && !access.canReadPrivateOf(env.owner)) {
            throw new ApiException.NotFound("Environment " + owner + "/" + name + " does not exist, or is private.");
        }
        gate.requireFileAccess(env);
        EnvironmentVersion v = LATEST.equalsIgnoreCase(version) ? latest(env, coordinates) : named(owner, name, version, coordinates);
        Artifact artifact = Artifact.<Artifact>find("version = ?1 order by id", v).firstResultOptional()
                .orElseThrow(() -> new ApiException.NotFound("Version " + v.version + " of " + coordinates + " has no file."));
        String index = publicUrl + IndexUrls.owner(env.owner.name);
        String wheel = publicUrl + IndexUrls.file(env.owner.name, env.name, artifact.filename);
        return new HubInstall(new HubInstall.Data(env.owner.name, env.name, v.version,
                env.visibility.toUpperCase(Locale.ROOT), index, wheel, artifact.filename, artifact.sha256, v.yanked,
                env.name.replace('-', '_').toLowerCase(Locale.ROOT)));
    }

    private static EnvironmentVersion latest(Environment env, String coordinates) {
        List<EnvironmentVersion> served = EnvironmentVersion.list("environment = ?1 and status = ?2 and yanked = false"
                + " and quarantinedAt is null", env, EnvironmentVersion.VALIDATED);
        return LatestVersion.pick(served).orElseThrow(() -> new ApiException.NotFound(coordinates
                + " has no installable version: none is validated (or every validated one is yanked or quarantined)."));
    }

    private EnvironmentVersion named(String owner, String name, String version, String coordinates) {
        EnvironmentVersion v = versions.find(owner, name, version).version();
        if (v.isQuarantined()) {
            throw new Quarantined(coordinates + " " + v.version, v.quarantineReason);
        }
        if (!EnvironmentVersion.VALIDATED.equals(v.status)) {
            // the public word (validating, failed, error), never the internal pending/validating (issue 36)
            throw new ApiException.NotFound("Version " + v.version + " of " + coordinates + " is not on the package index: its "
                    + "status is " + io.envhub.contract.VersionStatus.find(v.status)
                    .flatMap(io.envhub.contract.VersionStatus::trustWhileUnfinished).map(t -> t.label(0))
                    .orElse(v.verdict().statusLabel()) + " (only versions that passed validation install).");
        }
        return v;
    }
}
