package io.envhub.registry.environment;

import io.envhub.format.name.ProjectName;
import io.envhub.registry.model.Environment;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** Finds {@code owner/name} as given in a URL (name in any PEP 503 spelling) and applies read access. */
@ApplicationScoped
public class EnvironmentLookup {
    private final AccessPolicy access;
    private final Caller caller;

    public EnvironmentLookup(AccessPolicy access, Caller caller) {
        this.access = access;
        this.caller = caller;
    }

    /** The environment if it exists and the caller may read it; 404 otherwise. */
    public Environment readable(String owner, String name) {
        // resolve the caller first: mirroring a Keycloak user clears the persistence context, which would detach the
        // environment if it were loaded before
        caller.owner();
        Optional<Environment> env = ProjectName.isValid(name) && owner != null && !owner.isBlank()
                ? Environment.find(owner, ProjectName.normalize(name))
                : Optional.empty();
        return access.requireReadable(env, "Environment " + owner + "/" + name);
    }
}
