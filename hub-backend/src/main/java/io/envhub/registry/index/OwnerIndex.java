package io.envhub.registry.index;

import java.util.List;

/**
 * The projects of one owner that the caller may see.
 *
 * @param owner the owner's name as registered (canonical spelling)
 * @param projects the projects, by normalized name
 */
public record OwnerIndex(String owner, List<Project> projects) {
    /**
     * One project of the listing.
     *
     * @param name PEP 503 normalized name (used in its URL)
     * @param displayName the name as first published
     */
    public record Project(String name, String displayName) {
    }
}
