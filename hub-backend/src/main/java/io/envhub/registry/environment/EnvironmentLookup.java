package io.envhub.registry.environment;

import io.envhub.format.name.ProjectName;
import io.envhub.registry.security.AccessPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** Finds {@code owner/name} as given in a URL (name in any PEP 503 spelling) and applies read access. */
@ApplicationScoped
public class EnvironmentLookup {
    private final AccessPolicy access;

    public EnvironmentLookup(AccessPolicy access) {
        this.access = access;
    }

    /** The environment if it exists and the caller may read it; 404 otherwise. */
    public Environment readable(String owner, String name) {
        Optional<Environment> env = ProjectName.isValid(name) && owner != null && !owner.isBlank()
                ? Environment.find(owner, ProjectName.normalize(name))
                : Optional.empty();
        return access.requireReadable(env, "Environment " + owner + "/" + name);
    }
}
