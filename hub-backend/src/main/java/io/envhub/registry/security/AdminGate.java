package io.envhub.registry.security;

import io.envhub.kit.admin.AdminPathFilter;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Owner;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The one rule of the admin API: callers without the realm role {@code admin} (anonymous ones included) get the 404
 * of a path that does not exist. {@link AdminPathFilter} applies it to every {@code /api/v1/admin/...} request before
 * routing; resources call {@link #requireAdmin()} as well, so that a method is safe on its own.
 */
@ApplicationScoped
public class AdminGate {
    /** The path prefix of the admin API. */
    public static final String PREFIX = AdminPathFilter.PREFIX;
    /** The detail of every refusal: the same as for a path that does not exist. */
    public static final String NOT_FOUND = AdminPathFilter.NOT_FOUND;

    private final Caller caller;

    public AdminGate(Caller caller) {
        this.caller = caller;
    }

    /** The calling admin; a 404 for everyone else. */
    public Owner requireAdmin() {
        if (caller.isAnonymous() || !caller.isAdmin()) {
            throw new ApiException.NotFound(NOT_FOUND);
        }
        return caller.owner();
    }
}
